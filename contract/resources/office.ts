import { z } from 'zod';
import { emailField, nameField, phoneField, taxIdField, textField } from '../fields';
import { defineResourceContract } from '../resource';

/** Optional on the wire: the field's rule when a value is given, '' when left empty. */
const orEmpty = <T extends z.ZodType>(field: T) => z.union([field, z.literal('')]).default('');

/**
 * The company's offices (company area → Information): where its people work, with the address, tax id and contacts
 * printed on its documents. Every user belongs to one, so an office with live users cannot be deleted.
 */
export const officeContract = defineResourceContract({
  name: 'Office',
  noun: 'office',
  path: 'Information/Offices',
  scope: 'company',
  fields: {
    name: nameField(100),
    address: textField(200).default(''),
    taxId: orEmpty(taxIdField()),
    phone: orEmpty(phoneField()),
    email: orEmpty(emailField()),
    contactName: textField(100).default(''),
  },
  sort: ['name', 'createdAt'],
  defaultSort: 'name',
  search: ['name', 'address', 'contactName'],
  filters: {},
});
