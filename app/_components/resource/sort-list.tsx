'use client';

import { useId, useState, type CSSProperties } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { DndContext, KeyboardSensor, PointerSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { bffJson } from '@/lib/resources/bff-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

export interface SortItem {
  id: string;
  label: string;
}

interface SortListProps {
  /** The BFF path that takes `{ids}` in their new order (`PUT`). */
  endpoint: string;
  items: SortItem[];
  canWrite: boolean;
  /** Namespace whose `title` names the list. */
  namespace: string;
  /** Where to go after the order was saved (the list, for a list's reorder panel); else the page refreshes. */
  doneHref?: string;
  /** Called once the order was saved (a screen closing its reorder panel), before the page refreshes. */
  onSaved?: () => void;
}

/**
 * Hand ordering of any resource's rows: drag a row by its handle (mouse, touch, or the keyboard: space to pick up,
 * arrows to move, space to drop), or use the Up / Down buttons; Save sends the ids in order.
 */
export function SortList({ endpoint, items: initial, canWrite, namespace, doneHref, onSaved }: SortListProps) {
  const t = useTranslations('resource.handOrder');
  const tn = useTranslations(namespace);
  const tr = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const instructionsId = useId();
  const [items, setItems] = useState(initial);
  const [announce, setAnnounce] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const mutation = useAction(() => bffJson(endpoint, { method: 'PUT', body: { ids: items.map((i) => i.id) } }), {
    onSuccess: () => {
      toast.show(t('orderSaved'), { tone: 'success' });
      onSaved?.();
      if (doneHref) router.push(doneHref);
      else router.refresh();
    },
  });
  const labelOf = (id: unknown) => items.find((i) => i.id === id)?.label ?? '';
  const shift = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    setItems(arrayMove(items, from, to));
    setAnnounce(t('movedTo', { name: items[from]!.label, position: to + 1 }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    shift(
      items.findIndex((i) => i.id === active.id),
      items.findIndex((i) => i.id === over.id),
    );
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted">{t('sortHint')}</p>
      <p id={instructionsId} className="sr-only">
        {t('instructions')}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('instructions') },
          announcements: {
            onDragStart: ({ active }) => t('pickedUp', { name: labelOf(active.id) }),
            onDragOver: () => undefined,
            onDragEnd: ({ active, over }) =>
              over ? t('droppedAt', { name: labelOf(active.id), position: items.findIndex((i) => i.id === over.id) + 1 }) : undefined,
            onDragCancel: ({ active }) => t('cancelled', { name: labelOf(active.id) }),
          },
        }}
      >
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ol className="divide-y divide-line rounded-md border border-line" aria-label={tn('title')}>
            {items.map((item, i) => (
              <SortRow key={item.id} item={item} index={i} count={items.length} canWrite={canWrite} onShift={shift} instructionsId={instructionsId} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
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

function SortRow({
  item,
  index,
  count,
  canWrite,
  onShift,
  instructionsId,
}: {
  item: SortItem;
  index: number;
  count: number;
  canWrite: boolean;
  onShift: (from: number, to: number) => void;
  instructionsId: string;
}) {
  const t = useTranslations('resource.handOrder');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: !canWrite });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-id={item.id}
      className={cn('flex items-center gap-3 bg-surface px-4 py-2', isDragging && 'relative z-10 opacity-80 shadow-md')}
    >
      {canWrite && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('dragHandle', { name: item.label })}
          aria-describedby={instructionsId}
          className="cursor-grab touch-none rounded p-1 text-fg-muted hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="currentColor">
            <circle cx="5" cy="3" r="1.5" />
            <circle cx="11" cy="3" r="1.5" />
            <circle cx="5" cy="8" r="1.5" />
            <circle cx="11" cy="8" r="1.5" />
            <circle cx="5" cy="13" r="1.5" />
            <circle cx="11" cy="13" r="1.5" />
          </svg>
        </button>
      )}
      <span className="w-8 text-sm text-fg-muted tabular-nums">{index + 1}</span>
      <span className="flex-1 text-sm text-fg">{item.label}</span>
      {canWrite && (
        <span className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => onShift(index, index - 1)} disabled={index === 0} aria-label={t('moveUp', { name: item.label })}>
            ↑
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onShift(index, index + 1)}
            disabled={index === count - 1}
            aria-label={t('moveDown', { name: item.label })}
          >
            ↓
          </Button>
        </span>
      )}
    </li>
  );
}
