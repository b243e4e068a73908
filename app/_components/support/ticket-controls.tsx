'use client';

import { useTranslations } from 'next-intl';
import { SUPPORT_PRIORITIES, SUPPORT_STATUSES, supportUpdateSchema, type SupportTicket } from '@contract/resources/support';
import { statusDef } from '@/lib/status';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormField, inputClasses } from '../ui/form-field';
import { useFieldError } from '../resource/field-error';
import { useVersionedForm } from '../resource/use-versioned-form';
import { AssigneeSelect } from './assignee-select';

interface Values {
  status: string;
  priority: string;
  assigneeId: string;
}

const valuesOf = (t: SupportTicket): Values => ({ status: t.status, priority: t.priority, assigneeId: t.assigneeId ?? '' });

/**
 * A ticket's status, priority and assignee (nobody, the signed-in user, or another of the people who may take it),
 * saved with the version last read: a stale save says who changed it first and keeps the choices made here.
 */
export function TicketControls({ path, ticket, me }: { path: string; ticket: SupportTicket; me: { uid: string; name: string } }) {
  const t = useTranslations('support');
  const ts = useTranslations('status');
  const fieldError = useFieldError();
  const { values, setValues, onSubmit, conflictNotice, errors, failure, pending } = useVersionedForm<Values, SupportTicket>({
    path,
    schema: supportUpdateSchema,
    record: ticket,
    valuesOf,
    bodyOf: (v) => ({ status: v.status, priority: v.priority, assigneeId: v.assigneeId || null }),
  });
  const select = (name: keyof Values, label: string, options: { value: string; label: string }[]) => (
    <FormField label={label} error={fieldError(errors[name])}>
      {(control) => (
        <select
          {...control}
          className={inputClasses(Boolean(errors[name]))}
          value={values[name]}
          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} className="space-y-4 p-5" noValidate>
      {conflictNotice}
      {failure && <Alert tone="error">{failure.message}</Alert>}
      {select(
        'status',
        t('fields.status'),
        SUPPORT_STATUSES.map((value) => ({ value, label: ts(`supportStatus.${statusDef('supportStatus', value)?.key ?? value}`) })),
      )}
      {select(
        'priority',
        t('fields.priority'),
        SUPPORT_PRIORITIES.map((value) => ({ value, label: ts(`supportPriority.${statusDef('supportPriority', value)?.key ?? value}`) })),
      )}
      <AssigneeSelect
        ticketPath={path}
        me={me}
        current={ticket.assigneeId ? { id: ticket.assigneeId, name: ticket.assigneeName ?? ticket.assigneeId } : null}
        value={values.assigneeId}
        onChange={(assigneeId) => setValues({ ...values, assigneeId })}
        label={t('fields.assignee')}
        error={fieldError(errors.assigneeId)}
      />
      <Button type="submit" busy={pending}>
        {t('view.save')}
      </Button>
    </form>
  );
}
