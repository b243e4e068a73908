'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { bffJson } from '@/lib/resources/bff-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { useToast } from '../ui/toast';

interface Item {
  id: string;
  name: string;
}

const move = (items: Item[], from: number, to: number): Item[] => {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** Reorder by dragging, or with the Up / Down buttons from the keyboard; Save sends the ids in order. */
export function SortList({ service, items: initial, canWrite }: { service: string; items: Item[]; canWrite: boolean }) {
  const t = useTranslations('shopType');
  const tr = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const [items, setItems] = useState(initial);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const mutation = useMutation({
    mutationFn: () => bffJson(`/api/admin/${service}/ShopType/Sort`, { method: 'PUT', body: { ids: items.map((i) => i.id) } }),
    onSuccess: () => {
      toast.show(t('orderSaved'), { tone: 'success' });
      router.refresh();
    },
  });
  const shift = (from: number, to: number) => {
    const next = move(items, from, to);
    if (next === items) return;
    setItems(next);
    setAnnounce(t('movedTo', { name: items[from]!.name, position: to + 1 }));
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted">{t('sortHint')}</p>
      <ol className="divide-y divide-line rounded-md border border-line" aria-label={t('title')}>
        {items.map((item, i) => (
          <li
            key={item.id}
            draggable={canWrite}
            onDragStart={() => setDragging(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragging !== null) shift(dragging, i);
              setDragging(null);
            }}
            className={cn('flex items-center gap-3 px-4 py-2', canWrite && 'cursor-grab', dragging === i && 'opacity-50')}
          >
            <span aria-hidden="true" className="text-fg-muted">
              ⋮⋮
            </span>
            <span className="w-8 text-sm text-fg-muted tabular-nums">{i + 1}</span>
            <span className="flex-1 text-sm text-fg">{item.name}</span>
            {canWrite && (
              <span className="flex gap-1">
                <Button size="sm" variant="ghost" onClick={() => shift(i, i - 1)} disabled={i === 0} aria-label={t('moveUp', { name: item.name })}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" onClick={() => shift(i, i + 1)} disabled={i === items.length - 1} aria-label={t('moveDown', { name: item.name })}>
                  ↓
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {mutation.isError && <Alert tone="error">{tr('actionFailed')}</Alert>}
      {canWrite && (
        <Button onClick={() => mutation.mutate()} busy={mutation.isPending}>
          {t('saveOrder')}
        </Button>
      )}
    </div>
  );
}
