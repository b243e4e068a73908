'use client';

import { loadChunk } from '@/lib/chunk-load';
import { Suspense, lazy, useState, useTransition, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import type { Handoff } from './handoff';
import type { MenuDrawerProps } from './menu-drawer';
import type { StarredMenuProps } from './starred-menu';
import type { DirectionSwitcherProps, ThemeSwitcherProps } from './display-switchers';
import type { NotificationsBellProps } from './notifications-bell';
import type { UserMenuProps } from './user-menu';

/** The navbar's pop-up widgets, each with the props the server gives it. */
interface WidgetProps {
  drawer: MenuDrawerProps;
  starred: StarredMenuProps;
  locale: Record<string, never>;
  theme: ThemeSwitcherProps;
  direction: DirectionSwitcherProps;
  bell: NotificationsBellProps;
  user: UserMenuProps;
}
type WidgetName = keyof WidgetProps;
type Widget<K extends WidgetName> = ComponentType<WidgetProps[K] & { handoff?: Handoff }>;

/**
 * Menus, list boxes, pop-overs and the drawer (Headless UI) are loaded when the user shows intent — pointer over,
 * touch or focus — so a page's first load carries none of their code.
 */
const WIDGETS: { [K in WidgetName]: Widget<K> } = {
  drawer: lazy(() => loadChunk(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })))),
  starred: lazy(() => loadChunk(() => import('./starred-menu').then((m) => ({ default: m.StarredMenu })))),
  locale: lazy(() => loadChunk(() => import('./display-switchers').then((m) => ({ default: m.LocaleSwitcher })))),
  theme: lazy(() => loadChunk(() => import('./display-switchers').then((m) => ({ default: m.ThemeSwitcher })))),
  direction: lazy(() => loadChunk(() => import('./display-switchers').then((m) => ({ default: m.DirectionSwitcher })))),
  bell: lazy(() => loadChunk(() => import('./notifications-bell').then((m) => ({ default: m.NotificationsBell })))),
  user: lazy(() => loadChunk(() => import('./user-menu').then((m) => ({ default: m.UserMenu })))),
};

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

interface DeferredProps<K extends WidgetName> {
  widget: K;
  props: WidgetProps[K];
  /** Server-rendered trigger that looks and is named exactly like the widget's own. */
  placeholder: ReactNode;
}

export function Deferred<K extends WidgetName>({ widget, props, placeholder }: DeferredProps<K>) {
  const [handoff, setHandoff] = useState<Handoff | null>(null);
  const [, startTransition] = useTransition();
  // In a transition, the placeholder stays on screen (the same element, still clickable) until the widget is ready.
  const want = (open: boolean, focus: boolean) =>
    startTransition(() => setHandoff((prev) => ({ open: open || (prev?.open ?? false), focus: focus || (prev?.focus ?? false) })));

  const intent = (
    <span
      className="contents"
      onPointerOver={() => want(false, false)}
      onTouchStart={() => want(false, false)}
      onFocus={() => want(false, true)}
      // The press itself asks to open: the widget may replace this trigger before the button is released, and the
      // click of a press that started on a removed element never arrives.
      onPointerDown={(event) => {
        if (event.button === 0) want(true, true);
      }}
      onClick={() => want(true, true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        want(true, true);
      }}
    >
      {placeholder}
    </span>
  );
  // The registry pairs each name with its props; TypeScript cannot follow the pairing through a generic index.
  const Real = WIDGETS[widget] as unknown as ComponentType<Record<string, unknown>>;
  return <Suspense fallback={intent}>{handoff ? <Real {...(props as Record<string, unknown>)} handoff={handoff} /> : intent}</Suspense>;
}
