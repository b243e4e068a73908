'use client';

import { cloneElement, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface TriggerProps {
  'aria-describedby'?: string;
}

interface Placement {
  x: number;
  y: number;
  /** Which edge of the tip sits at `x`: centred, or pinned so a tip near the viewport edge stays inside it. */
  align: 'center' | 'start' | 'end';
}

/** Half the widest tip (max-w-64 = 256 px) plus a margin. */
const HALF_MAX_WIDTH = 136;
const TRANSLATE: Record<Placement['align'], string> = {
  center: 'translate(-50%, calc(-100% - 8px))',
  start: 'translate(0, calc(-100% - 8px))',
  end: 'translate(-100%, calc(-100% - 8px))',
};

const noSubscription = () => () => {};

/**
 * A text tip shown above its trigger at once (no delay) on hover and on keyboard focus, per the spec's UI default;
 * Escape, scrolling or leaving hides it. It is drawn in a layer over the page (fixed position), so scrolling
 * containers such as tables never clip it. The trigger must be focusable (a button or link) and gets
 * `aria-describedby` pointing at the tip.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const anchorRef = useRef<HTMLSpanElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const show = () => {
    const rect = anchorRef.current?.getBoundingClientRect();
    if (!rect) return;
    const centre = rect.left + rect.width / 2;
    const align = centre < HALF_MAX_WIDTH ? 'start' : centre > window.innerWidth - HALF_MAX_WIDTH ? 'end' : 'center';
    setPlacement({ x: align === 'start' ? rect.left : align === 'end' ? rect.right : centre, y: rect.top, align });
  };
  const hide = () => setPlacement(null);

  useEffect(() => {
    if (!placement) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPlacement(null);
    };
    const onMove = () => setPlacement(null);
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [placement]);

  // Always in the DOM (hidden while closed) so aria-describedby resolves for assistive technology.
  const tip = (
    <span
      id={id}
      role="tooltip"
      hidden={!placement}
      style={placement ? { left: placement.x, top: placement.y, transform: TRANSLATE[placement.align] } : undefined}
      className="pointer-events-none fixed z-[90] w-max max-w-64 rounded-md bg-dark px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
    >
      {content}
    </span>
  );

  return (
    <span ref={anchorRef} className="inline-flex" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': id })}
      {inBrowser ? createPortal(tip, document.body) : tip}
    </span>
  );
}
