'use client';

import { useEffect, useRef, type RefObject } from 'react';

/** What the user did to a widget's placeholder before the widget's code arrived. */
export interface Handoff {
  /** The user activated the placeholder (press, click, Enter, Space, ArrowDown): open the widget once it is there. */
  open: boolean;
  /** The placeholder had the keyboard focus. */
  focus: boolean;
}

/**
 * Run by a widget that replaced its placeholder: move the focus to the real trigger when the placeholder had it (and
 * nothing else took it meanwhile), and open the widget once the user has asked — also when that request arrives in
 * a later render than the widget's first (a press made while the widget's code was arriving).
 */
export function useHandoff(trigger: RefObject<HTMLElement | null>, handoff: Handoff | undefined): void {
  const focusChecked = useRef(false);
  const opened = useRef(false);
  useEffect(() => {
    const button = trigger.current;
    if (!button || !handoff || opened.current) return;
    if (!focusChecked.current) {
      focusChecked.current = true;
      const active = document.activeElement;
      const focusLost = !active || active === document.body;
      if (handoff.focus && focusLost) button.focus();
    }
    if (!handoff.open) return;
    button.focus();
    // After the widget's own effects have registered its elements. Marked done inside the frame, so development
    // mode's second effect run (the first frame cancelled) still opens it once, never twice.
    const frame = requestAnimationFrame(() => {
      opened.current = true;
      button.click();
    });
    return () => cancelAnimationFrame(frame);
  }, [trigger, handoff]);
}
