'use client';

import { useId, useState, type FormEvent } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { nameField } from '@contract/fields';
import { bffJson, failureKey, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsFromBody, fieldErrorsOf, type FieldErrors } from '@/lib/resources/validation';
import { useFieldError } from '../resource/field-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/empty-state';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

// Drag and drop loads only when a list of siblings is being ordered.
const SortList = dynamic(() => import('../resource/sort-list').then((m) => m.SortList));

export interface CategoryNode {
  id: string;
  parentId: string | null;
  name: string;
  version: number;
  sortOrder: number;
  areaId: string;
  areaName: string;
}

interface Can {
  create: boolean;
  write: boolean;
  delete: boolean;
  sort: boolean;
}

interface CategoryTreeProps {
  /** The BFF path of the categories: `/api/admin/{service}/Product/Category`. */
  api: string;
  rows: CategoryNode[];
  /** The company's areas, for an administrator's new root category. */
  areas: { value: string; label: string }[];
  isAdmin: boolean;
  maxDepth: number;
  can: Can;
}

/** What the form below a node (or the tree) is doing: adding a child (or a root), or renaming a node. */
type Editing = { mode: 'add'; parentId: string | null; areaId: string } | { mode: 'rename'; node: CategoryNode } | null;

const rootKey = (areaId: string) => `root:${areaId}`;
const bySortOrder = (a: CategoryNode, b: CategoryNode) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name) || Number(a.id) - Number(b.id);

/**
 * The category tree as nested lists: each category opens and closes its children, and (with the flags) gets Add
 * subcategory, Rename and Delete (after a confirmation; a category with subcategories or products is kept, and the
 * dialog says why). Each parent's children, and the roots, are ordered by hand with the kit's sort list.
 */
export function CategoryTree({ api, rows, areas, isAdmin, maxDepth, can }: CategoryTreeProps) {
  const t = useTranslations('productCategory');
  const tr = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [reordering, setReordering] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);

  const ids = new Set(rows.map((r) => r.id));
  const groups = new Map<string, CategoryNode[]>();
  for (const row of rows) {
    // A category whose parent is not shown (deleted meanwhile) stands with the roots.
    const key = row.parentId !== null && ids.has(row.parentId) ? row.parentId : rootKey(row.areaId);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const list of groups.values()) list.sort(bySortOrder);
  const areaIds = [...new Set(rows.map((r) => r.areaId))];
  const areaName = (areaId: string) => rows.find((r) => r.areaId === areaId)?.areaName || areas.find((a) => a.value === areaId)?.label || '';

  const remove = useAction((node: CategoryNode) => bffJson(`${api}/${node.id}`, { method: 'DELETE' }), {
    onSuccess: () => {
      toast.show(t('deleted'), { tone: 'success' });
      setDeleting(null);
      router.refresh();
    },
  });

  const toggle = (id: string) =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const startAdd = (parent: CategoryNode | null, areaId: string) => {
    setReordering(null);
    if (parent) setCollapsed((now) => new Set([...now].filter((id) => id !== parent.id)));
    setEditing({ mode: 'add', parentId: parent?.id ?? null, areaId });
  };

  const saved = (message: string) => {
    toast.show(message, { tone: 'success' });
    setEditing(null);
    router.refresh();
  };

  const addForm = (parentId: string | null, areaId: string | null) =>
    editing?.mode === 'add' && editing.parentId === parentId && (parentId !== null || areaId === null || editing.areaId === areaId) ? (
      <NameForm
        key={`add-${parentId ?? 'root'}`}
        label={t('fields.name')}
        initial=""
        areas={parentId === null && isAdmin ? areas : undefined}
        areaId={editing.areaId}
        submit={(name, area) => bffJson(api, { method: 'POST', body: { name, parentId: parentId ?? '', ...(isAdmin ? { areaId: area } : {}) } })}
        onDone={() => saved(t('created'))}
        onCancel={() => setEditing(null)}
      />
    ) : null;

  const siblings = (key: string, nodes: CategoryNode[], depth: number, parent: CategoryNode | null) => {
    if (reordering === key) {
      return (
        <div className="space-y-2 rounded-md border border-primary/40 p-3">
          <SortList
            endpoint={`${api}/Sort`}
            items={nodes.map((n) => ({ id: n.id, label: n.name }))}
            canWrite={can.sort}
            namespace="productCategory"
            onSaved={() => setReordering(null)}
          />
          <Button variant="secondary" size="sm" onClick={() => setReordering(null)}>
            {tr('cancel')}
          </Button>
        </div>
      );
    }
    return (
      <ul
        className={depth === 1 ? 'space-y-1' : 'mt-1 space-y-1 border-l border-line pl-5'}
        aria-label={parent ? t('childrenOf', { name: parent.name }) : undefined}
      >
        {nodes.map((node) => {
          const children = groups.get(node.id) ?? [];
          const open = !collapsed.has(node.id);
          const renaming = editing?.mode === 'rename' && editing.node.id === node.id;
          return (
            <li key={node.id} data-category={node.name}>
              <div className="group flex flex-wrap items-center gap-2 rounded-md px-2 py-1.5 hover:bg-surface-muted">
                {children.length > 0 ? (
                  <button
                    type="button"
                    onClick={() => toggle(node.id)}
                    aria-expanded={open}
                    aria-label={open ? t('collapse', { name: node.name }) : t('expand', { name: node.name })}
                    className="flex size-6 items-center justify-center rounded text-fg-muted hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 16 16"
                      width="12"
                      height="12"
                      className={open ? 'rotate-90 transition-transform' : 'transition-transform'}
                    >
                      <path d="M5 3l6 5-6 5z" fill="currentColor" />
                    </svg>
                  </button>
                ) : (
                  <span className="size-6" aria-hidden="true" />
                )}
                {renaming ? (
                  <NameForm
                    label={t('fields.name')}
                    initial={node.name}
                    submit={(name) => bffJson(`${api}/${node.id}`, { method: 'PUT', body: { name, parentId: node.parentId ?? '', version: node.version } })}
                    onDone={() => saved(t('saved'))}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <span className="flex-1 text-sm text-fg">
                      {node.name}
                      {children.length > 0 && <span className="ml-2 text-xs text-fg-muted">{t('childCount', { count: children.length })}</span>}
                    </span>
                    <span className="flex flex-wrap gap-1">
                      {can.create && depth < maxDepth && (
                        <Button size="sm" variant="ghost" onClick={() => startAdd(node, node.areaId)} aria-label={t('addChildTo', { name: node.name })}>
                          {t('addChild')}
                        </Button>
                      )}
                      {can.sort && children.length > 1 && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => {
                            setEditing(null);
                            setCollapsed((now) => new Set([...now].filter((id) => id !== node.id)));
                            setReordering(node.id);
                          }}
                          aria-label={t('reorderChildren', { name: node.name })}
                        >
                          {t('reorder')}
                        </Button>
                      )}
                      {can.write && (
                        <Button size="sm" variant="ghost" onClick={() => setEditing({ mode: 'rename', node })} aria-label={t('renameOf', { name: node.name })}>
                          {t('rename')}
                        </Button>
                      )}
                      {can.delete && (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-danger-text"
                          onClick={() => {
                            remove.reset();
                            setDeleting(node);
                          }}
                          aria-label={t('deleteOf', { name: node.name })}
                        >
                          {tr('delete')}
                        </Button>
                      )}
                    </span>
                  </>
                )}
              </div>
              {open && children.length > 0 && siblings(node.id, children, depth + 1, node)}
              {addForm(node.id, null) && <div className="mt-1 border-l border-line pl-5">{addForm(node.id, null)}</div>}
            </li>
          );
        })}
      </ul>
    );
  };

  const firstArea = areas[0]?.value ?? '';
  return (
    <div className="space-y-5 p-5">
      {can.create && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => startAdd(null, areaIds[0] ?? firstArea)}>{t('addRoot')}</Button>
        </div>
      )}
      {editing?.mode === 'add' && editing.parentId === null && addForm(null, null)}
      {rows.length === 0 ? (
        <EmptyState title={t('empty.title')} description={t('empty.description')} />
      ) : (
        areaIds.map((areaId) => {
          const roots = groups.get(rootKey(areaId)) ?? [];
          return (
            <section key={areaId} aria-label={isAdmin ? areaName(areaId) : t('title')} className="space-y-2">
              {(isAdmin || can.sort) && (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {isAdmin ? <h2 className="text-sm font-semibold text-fg">{areaName(areaId)}</h2> : <span />}
                  {can.sort && roots.length > 1 && reordering !== rootKey(areaId) && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        setEditing(null);
                        setReordering(rootKey(areaId));
                      }}
                      aria-label={isAdmin ? t('reorderRootsOf', { area: areaName(areaId) }) : t('reorderRoots')}
                    >
                      {t('reorderRoots')}
                    </Button>
                  )}
                </div>
              )}
              {siblings(rootKey(areaId), roots, 1, null)}
            </section>
          );
        })
      )}
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        description={t('deleteBody')}
        confirmLabel={tr('delete')}
        busy={remove.isPending}
        error={remove.isError ? tr(failureKey(remove.error)) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** One line of the tree as a form: the name (and an administrator's area for a new root), Save and Cancel. */
function NameForm({
  label,
  initial,
  areas,
  areaId: initialArea,
  submit,
  onDone,
  onCancel,
}: {
  label: string;
  initial: string;
  areas?: { value: string; label: string }[];
  areaId?: string;
  submit: (name: string, areaId: string) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('productCategory');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const id = useId();
  const [name, setName] = useState(initial);
  const [areaId, setAreaId] = useState(initialArea ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction((vars: { name: string; areaId: string }) => submit(vars.name, vars.areaId), {
    onSuccess: onDone,
    onError: (error) => setErrors(isBffError(error) ? fieldErrorsFromBody(error.body) : {}),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = nameField().safeParse(name);
    if (!parsed.success) return setErrors({ name: fieldErrorsOf(parsed.error)._ ?? ['required'] });
    if (areas && !areaId) return setErrors({ areaId: ['required'] });
    setErrors({});
    action.mutate({ name: parsed.data, areaId });
  };
  const nameError = fieldError(errors.name);
  // A refusal of the place (too deep, a cycle, a parent gone) is said under the name: the only thing typed here.
  const placeError = fieldError(errors.parentId ?? errors.areaId);
  const other = action.isError && !nameError && !placeError ? tr(failureKey(action.error)) : undefined;
  return (
    <form onSubmit={onSubmit} className="flex flex-1 flex-wrap items-start gap-2" aria-label={initial ? t('renameOf', { name: initial }) : t('newCategory')}>
      {areas && (
        <div>
          <label htmlFor={`${id}-area`} className="sr-only">
            {t('fields.area')}
          </label>
          <select id={`${id}-area`} className={inputClasses(Boolean(errors.areaId))} value={areaId} onChange={(e) => setAreaId(e.target.value)}>
            <option value="">{tr('choose')}</option>
            {areas.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-name`} className="sr-only">
          {label}
        </label>
        <input
          id={`${id}-name`}
          // The form opens on a person's click, to type in at once.
          autoFocus
          className={inputClasses(Boolean(nameError || placeError))}
          value={name}
          placeholder={label}
          maxLength={50}
          aria-invalid={nameError || placeError ? true : undefined}
          aria-describedby={nameError || placeError ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        />
        {(nameError || placeError) && (
          <p id={`${id}-error`} className="mt-1 text-xs text-danger-text">
            {nameError ?? placeError}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" busy={action.isPending}>
        {tr('save')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onCancel} disabled={action.isPending}>
        {tr('cancel')}
      </Button>
      {other && (
        <div className="basis-full">
          <Alert tone="error">{other}</Alert>
        </div>
      )}
    </form>
  );
}
