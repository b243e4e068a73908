'use client';

import { useEffect, useRef, type RefObject } from 'react';

/** What the user did to a widget's placeholder before the widget's code arrived. */
export interface Handoff {
  /** The user activated the placeholder (click, Enter, Space, ArrowDown): open the widget once it is there. */
  open: boolean;
  /** The placeholder had the keyboard focus. */
  focus: boolean;
}

/**
 * Run once by a widget that replaced its placeholder: move the focus to the real trigger when the placeholder had it
 * (and nothing else took it meanwhile), and open it when the user had already asked.
 */
export function useHandoff(trigger: RefObject<HTMLElement | null>, handoff: Handoff | undefined): void {
  const done = useRef(false);
  useEffect(() => {
    const button = trigger.current;
    // Once only, also when development mode runs effects twice (a second click would close the widget again).
    if (!button || !handoff || done.current) return;
    const active = document.activeElement;
    const focusLost = !active || active === document.body;
    if (handoff.open || (handoff.focus && focusLost)) button.focus();
    if (!handoff.open) {
      done.current = true;
      return;
    }
    // After the widget's own effects have registered its elements.
    const frame = requestAnimationFrame(() => {
      done.current = true;
      button.click();
    });
    return () => cancelAnimationFrame(frame);
  }, [trigger, handoff]);
}
