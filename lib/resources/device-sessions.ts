import { deviceSessionContract } from '@contract/resources/device-sessions';
import { defineScreen } from './screen';

/**
 * Device Sessions (company area): who is signed in where. A live session can be revoked, or every session of its
 * person, each after a confirmation; the revoked browser is signed out on its next request.
 */
export const deviceSessionResource = defineScreen(deviceSessionContract, {
  key: 'deviceSession',
  namespace: 'deviceSession',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'displayName', label: 'fields.displayName', kind: 'text' },
    { field: 'username', label: 'fields.username', kind: 'text', sortable: true, nowrap: true },
    { field: 'device', label: 'fields.device', kind: 'status', statusKind: 'device' },
    { field: 'browser', label: 'fields.browser', kind: 'text' },
    { field: 'ip', label: 'fields.ip', kind: 'text', nowrap: true },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
    { field: 'lastSeenAt', label: 'fields.lastSeenAt', kind: 'date', sortable: true },
    { field: 'state', label: 'fields.state', kind: 'status', statusKind: 'session' },
  ],
  filters: [{ field: 'live', label: 'fields.live', kind: 'boolean' }],
  rowActions: [
    { key: 'revoke', method: 'DELETE', path: '{id}', when: { field: 'live', equals: true }, tone: 'danger' },
    { key: 'revokeUser', method: 'POST', path: 'user/{uid}/revoke', when: { field: 'live', equals: true } },
  ],
});
