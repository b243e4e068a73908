'use client';

import { buttonClasses } from '../ui/button';

/** Opens the browser's print dialog; the print style sheet leaves the menu, filters and buttons out. */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className={buttonClasses({ variant: 'secondary' })}>
      {label}
    </button>
  );
}
