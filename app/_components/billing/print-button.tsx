'use client';

import { Button } from '../ui/button';

/** Prints the page as it is (the invoice; the shell's menus and buttons are left out of print). */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      {label}
    </Button>
  );
}
