import { appConfigContract } from '@contract/resources/points';
import { defineScreen } from './screen';

/** `Config/App` (admin): the app's settings, one record on its contract; its groups are the form's sections. */
export const configAppResource = defineScreen(appConfigContract, {
  key: 'configApp',
  namespace: 'configApp',
  sections: [
    {
      title: 'sections.points',
      fields: [
        { name: 'pointsPer100Baht', label: 'fields.pointsPer100Baht', kind: 'number', required: true },
        { name: 'registrationPoints', label: 'fields.registrationPoints', kind: 'number', required: true },
        { name: 'inviterPoints', label: 'fields.inviterPoints', kind: 'number', required: true },
        { name: 'inviteePoints', label: 'fields.inviteePoints', kind: 'number', required: true },
      ],
    },
  ],
});
