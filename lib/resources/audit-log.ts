import { AUDIT_METHODS, AUDIT_OUTCOMES, auditLogContract } from '@contract/resources/audit-log';
import { defineScreen } from './screen';

/** Log (company area): the audit log, newest first; a row opens the entry with what changed. */
export const auditLogResource = defineScreen(auditLogContract, {
  key: 'auditLog',
  namespace: 'auditLog',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true, link: true, nowrap: true },
    { field: 'username', label: 'fields.username', kind: 'text', nowrap: true },
    { field: 'method', label: 'fields.method', kind: 'status', statusKind: 'httpMethod' },
    { field: 'path', label: 'fields.path', kind: 'text' },
    { field: 'outcome', label: 'fields.outcome', kind: 'status', statusKind: 'auditOutcome' },
    { field: 'ip', label: 'fields.ip', kind: 'text', nowrap: true },
  ],
  filters: [
    { field: 'method', label: 'fields.method', kind: 'select', options: AUDIT_METHODS.map((value) => ({ value, label: `status.httpMethod.${value}` })) },
    { field: 'outcome', label: 'fields.outcome', kind: 'select', options: AUDIT_OUTCOMES.map((value) => ({ value, label: `status.auditOutcome.${value}` })) },
    { field: 'from', label: 'fields.from', kind: 'date' },
    { field: 'to', label: 'fields.to', kind: 'date' },
  ],
});
