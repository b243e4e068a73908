import { OPEN_STATUSES } from '../lifecycle/shops';
import { enumField, intField, nameField, satangField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/** Biker: the packages a biker pays for or gets (a fee in satang, a commission in basis points, a duration in days). */
export const bikerPackageContract = defineResourceContract({
  name: 'BikerPackage',
  noun: 'biker package',
  path: 'Package/Biker',
  scope: 'area',
  fields: {
    name: nameField(),
    fee: satangField(),
    /** Basis points: 1500 = 15 %. */
    commissionRate: intField(0, 10_000),
    duration: intField(1, 3650),
    status: enumField(OPEN_STATUSES),
  },
  sort: ['name', 'fee', 'commissionRate', 'duration', 'createdAt'],
  defaultOrder: 'asc',
  search: ['name'],
  filters: { status: filter.oneOf(OPEN_STATUSES), areaId: filter.ref() },
});
