import { appConfigContract } from '@contract/resources/app-config';
import { defineScreen } from './screen';

/**
 * `Config/App` (admin): the app's settings, one record on its contract; its groups are the form's sections, with the
 * spec's hints under the bounded fields, and the change history below the form.
 */
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
    {
      title: 'sections.orders',
      fields: [
        { name: 'acceptTimeoutSeconds', label: 'fields.acceptTimeoutSeconds', kind: 'number', required: true, hint: 'gte25' },
        { name: 'minimumOrder', label: 'fields.minimumOrder', kind: 'money', required: true },
        { name: 'paymentWaitHours', label: 'fields.paymentWaitHours', kind: 'number', required: true, hint: 'thanMore24' },
      ],
    },
    {
      title: 'sections.support',
      fields: [
        { name: 'supportPhone', label: 'fields.supportPhone', kind: 'tel', hint: 'phoneInvalid' },
        { name: 'supportEmail', label: 'fields.supportEmail', kind: 'email', hint: 'emailInvalid' },
        { name: 'supportLineId', label: 'fields.supportLineId', kind: 'text', hint: 'moreThan4' },
      ],
    },
    {
      title: 'sections.maintenance',
      fields: [
        { name: 'maintenance', label: 'fields.maintenance', kind: 'checkbox' },
        { name: 'maintenanceMessage', label: 'fields.maintenanceMessage', kind: 'text', hint: 'limit50' },
      ],
    },
  ],
  viewPanels: ['settingHistory'],
});
