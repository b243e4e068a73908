'use client';

import { useEffect, useId, useState } from 'react';
import { bffJson } from '@/lib/resources/bff-client';
import type { Option } from '@/lib/resources/kit';
import { inputClasses } from '../ui/form-field';

interface ShopSearchProps {
  service: string;
  label: string;
  hint: string;
  disabled?: boolean;
  /** The shops matching the typed name, or null while fewer than two letters are typed. */
  onResults: (options: Option[] | null) => void;
}

interface ShopListAnswer {
  data: { id: string | number; name: string }[];
}

/** Searches every shop in scope by name through the BFF, so a select is not limited to its first page. */
export function ShopSearch({ service, label, hint, disabled, onResults }: ShopSearchProps) {
  const id = useId();
  const [text, setText] = useState('');

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      onResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ q, page: '1', pageSize: '25', sort: 'name', order: 'asc' });
      bffJson<ShopListAnswer>(`/api/admin/${service}/Shop?${query}`, { signal: controller.signal })
        .then((answer) => onResults(answer.data.map((row) => ({ value: String(row.id), label: row.name, literal: true }))))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, service, onResults]);

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={inputClasses(false)}
        placeholder={label}
        aria-describedby={`${id}-hint`}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
        {hint}
      </p>
    </div>
  );
}

/** The options to show: the search results, keeping the chosen shop listed even when the results leave it out. */
export function withSelected(options: Option[], all: Option[], selected: string): Option[] {
  if (!selected || options.some((o) => o.value === selected)) return options;
  const chosen = all.find((o) => o.value === selected);
  return chosen ? [chosen, ...options] : options;
}
