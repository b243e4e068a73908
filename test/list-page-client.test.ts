import { describe, expect, it } from 'vitest';
import { clientModules } from './client-modules';

/**
 * What every list page sends to the browser (issue 11's ≤ 160 kB first-load target): the client modules reached by
 * static imports from the catch-all service page and the layouts above it. A `'use client'` module and everything it
 * imports statically go to the browser; `dynamic(() => import(…))` does not (it loads when rendered). Twice zod came
 * back this way (a currency format, then an image key); this keeps it out, and keeps one screen's widgets off the
 * other lists.
 */
const ENTRIES = ['app/layout.tsx', 'app/Service/[service]/layout.tsx', 'app/Service/[service]/[...slug]/page.tsx'];

describe("a list page's browser code", () => {
  const modules = clientModules(ENTRIES);

  it('finds the client side at all (the walk follows the shell and the list)', () => {
    expect(modules.has('app/_components/resource/resource-table.tsx')).toBe(true);
    expect(modules.has('npm:react')).toBe(true);
  });

  it('carries no zod: the schemas stay on the server and in the forms that load them', () => {
    expect(modules.get('npm:zod')?.join(' > ') ?? null).toBeNull();
  });

  it("carries no one screen's widgets: those load with their screen", () => {
    const shared = /^(app\/_components\/((resource|ui|shell|i18n)\/|[^/]+$)|app\/[^_]|lib\/|contract\/|npm:)/;
    const screenOwn = [...modules.keys()].filter((m) => !shared.test(m));
    expect(screenOwn.map((m) => modules.get(m)!.join(' > '))).toEqual([]);
  });
});
