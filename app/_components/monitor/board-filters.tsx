'use client';

import { useId, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { ASSIGNMENT_FILTERS, type BikerFilter } from '@/lib/monitor/board';
import { PRESENCES } from '@/lib/monitor/schema';
import { inputClasses } from '../ui/form-field';
import { statusDef } from '@/lib/status';

interface BoardFiltersProps {
  filter: BikerFilter;
  onFilter: (next: BikerFilter) => void;
  /** The area choice is offered when the data spans more than one area (admins). */
  areas: readonly { id: string; name: string }[];
}

/** Area, presence, assignment and a name or phone search: the bikers, the waiting orders and the map follow them. */
export function BoardFilters({ filter, onFilter, areas }: BoardFiltersProps) {
  const t = useTranslations('monitor.filters');
  const status = useTranslations('status');
  const id = useId();
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-fg">
        {label}
      </label>
      {control}
    </div>
  );
  return (
    <div role="search" aria-label={t('label')} className={`grid gap-3 sm:grid-cols-2 ${areas.length > 1 ? 'xl:grid-cols-4' : 'xl:grid-cols-3'}`}>
      {areas.length > 1 &&
        field(
          'area',
          t('area'),
          <select id={`${id}-area`} className={inputClasses()} value={filter.areaId} onChange={(e) => onFilter({ ...filter, areaId: e.target.value })}>
            <option value="all">{t('allAreas')}</option>
            {areas.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>,
        )}
      {field(
        'presence',
        t('presence'),
        <select
          id={`${id}-presence`}
          className={inputClasses()}
          value={filter.presence}
          onChange={(e) => onFilter({ ...filter, presence: e.target.value as BikerFilter['presence'] })}
        >
          <option value="all">{t('all')}</option>
          {PRESENCES.map((p) => (
            <option key={p} value={p}>
              {status(`presence.${statusDef('presence', p)?.key ?? p}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'assignment',
        t('assignment'),
        <select
          id={`${id}-assignment`}
          className={inputClasses()}
          value={filter.assignment}
          onChange={(e) => onFilter({ ...filter, assignment: e.target.value as BikerFilter['assignment'] })}
        >
          {ASSIGNMENT_FILTERS.map((a) => (
            <option key={a} value={a}>
              {a === 'all' ? t('all') : status(`assignment.${a}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'q',
        t('search'),
        <input
          id={`${id}-q`}
          type="search"
          className={inputClasses()}
          value={filter.q}
          maxLength={60}
          onChange={(e) => onFilter({ ...filter, q: e.target.value })}
        />,
      )}
    </div>
  );
}
