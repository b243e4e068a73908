import { bikerConfigContract } from '@contract/resources/biker-config';
import { defineScreen } from './screen';

/** `Config/Biker` (admin): the app's biker settings, one settings record on its contract. */
export const configBikerResource = defineScreen(bikerConfigContract, {
  key: 'configBiker',
  namespace: 'configBiker',
  sections: [
    {
      title: 'sections.tasks',
      fields: [
        { name: 'maxTasks', label: 'fields.maxTasks', kind: 'number', required: true },
        { name: 'acceptTimeoutSec', label: 'fields.acceptTimeoutSec', kind: 'number', required: true, hint: 'gte25' },
        { name: 'searchRadiusKm', label: 'fields.searchRadiusKm', kind: 'number', required: true, hint: 'gte5' },
        { name: 'maxOnlineHours', label: 'fields.maxOnlineHours', kind: 'number', required: true, hint: 'thanMore24' },
      ],
    },
    {
      title: 'sections.commission',
      fields: [{ name: 'commissionRate', label: 'fields.commissionRate', kind: 'number', required: true }],
    },
  ],
});
