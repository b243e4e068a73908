'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { SUPPORT_ASSIGNEES_SEGMENT, type SupportAssignee, type SupportAssigneesAnswer } from '@contract/resources/support';
import { bffJson } from '@/lib/resources/bff-client';
import { Button } from '../ui/button';
import { FormField, inputClasses } from '../ui/form-field';
import { Spinner } from '../ui/spinner';

type Load = { state: 'loading' } | { state: 'ready'; people: SupportAssignee[] } | { state: 'error' };

/**
 * The people a ticket can be assigned to (`GET {ticket}/assignees`), again for each search typed (after a pause);
 * `attempt` asks again after a failure. `searchable` turns true, and stays, once more people match than one answer lists.
 */
function useAssignees(ticketPath: string, q: string, attempt: number): { load: Load; searchable: boolean } {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [searchable, setSearchable] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoad({ state: 'loading' });
        const query = q ? `?${new URLSearchParams({ q })}` : '';
        bffJson<SupportAssigneesAnswer>(`${ticketPath}/${SUPPORT_ASSIGNEES_SEGMENT}${query}`, { signal: controller.signal })
          .then((answer) => {
            setLoad({ state: 'ready', people: answer.data });
            if (answer.more) setSearchable(true);
          })
          .catch(() => {
            if (!controller.signal.aborted) setLoad({ state: 'error' });
          });
      },
      q ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ticketPath, q, attempt]);
  return { load, searchable };
}

interface AssigneeSelectProps {
  /** The ticket's API path (`/api/admin/{service}/SupportFrom…/{id}`). */
  ticketPath: string;
  me: { uid: string; name: string };
  /** Whoever holds the ticket now: shown even when no longer among the people listed. */
  current: { id: string; name: string } | null;
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string;
}

/**
 * The assignee: nobody, then the signed-in user, then the others who may take the ticket, by name. When more people
 * match than one answer lists, a search box narrows them; the current and the chosen assignee stay in the list.
 */
export function AssigneeSelect({ ticketPath, me, current, value, onChange, label, error }: AssigneeSelectProps) {
  const t = useTranslations('support.view');
  const tc = useTranslations('common');
  const stateId = useId();
  const [search, setSearch] = useState('');
  const [attempt, setAttempt] = useState(0);
  // The person chosen here, so one picked from an earlier search keeps their name.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const { load, searchable } = useAssignees(ticketPath, search.trim(), attempt);

  const listed = load.state === 'ready' ? load.people.filter((p) => p.id !== me.uid).map((p) => ({ value: p.id, label: p.name })) : [];
  const options = [{ value: '', label: t('nobody') }, { value: me.uid, label: t('me', { name: me.name }) }, ...listed];
  for (const kept of [current && { value: current.id, label: current.name }, chosen?.value === value ? chosen : null]) {
    if (kept && !options.some((o) => o.value === kept.value)) options.splice(2, 0, kept);
  }

  return (
    <div className="space-y-2">
      <FormField label={label} error={error}>
        {(control) => (
          <select
            {...control}
            aria-describedby={[control['aria-describedby'], stateId].filter(Boolean).join(' ')}
            aria-busy={load.state === 'loading' || undefined}
            className={inputClasses(Boolean(error))}
            value={value}
            onChange={(e) => {
              setChosen(options.find((o) => o.value === e.target.value) ?? null);
              onChange(e.target.value);
            }}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div id={stateId} aria-live="polite" className="text-sm">
        {load.state === 'loading' && (
          <p className="flex items-center gap-2 text-fg-muted">
            <Spinner />
            {t('assigneesLoading')}
          </p>
        )}
        {load.state === 'error' && (
          <div className="flex flex-wrap items-center gap-2 text-danger-text">
            <p>{t('assigneesFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {tc('retry')}
            </Button>
          </div>
        )}
        {load.state === 'ready' && search.trim() !== '' && listed.length === 0 && <p className="text-fg-muted">{t('assigneesNone')}</p>}
      </div>
      {searchable && (
        <FormField label={t('assigneeSearch')} hint={t('assigneeSearchHint')}>
          {(control) => (
            <input {...control} type="search" autoComplete="off" className={inputClasses(false)} value={search} onChange={(e) => setSearch(e.target.value)} />
          )}
        </FormField>
      )}
    </div>
  );
}
