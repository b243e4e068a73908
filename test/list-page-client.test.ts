import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What every list page sends to the browser (issue 11's ≤ 160 kB first-load target): the client modules reached by
 * static imports from the catch-all service page and the layouts above it. A `'use client'` module and everything it
 * imports statically go to the browser; `dynamic(() => import(…))` does not (it loads when rendered). Twice zod came
 * back this way (a currency format, then an image key); this keeps it out, and keeps one screen's widgets off the
 * other lists.
 */
const root = path.resolve(import.meta.dirname, '..');
const ENTRIES = ['app/layout.tsx', 'app/Service/[service]/layout.tsx', 'app/Service/[service]/[...slug]/page.tsx'];
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('@contract/')) base = path.join(root, 'contract', spec.slice('@contract/'.length));
  else if (spec.startsWith('.')) base = path.join(path.dirname(from), spec);
  else return `npm:${spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]}`;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** The browser's modules of an entry, each with the chain of imports that brought it in. */
function clientModules(entries: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: [string, boolean, string[]][] = entries.map((e) => [path.join(root, e), false, [e]]);
  while (queue.length) {
    const [file, client, trail] = queue.shift()!;
    const key = `${file}|${client}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (file.startsWith('npm:')) {
      if (client && !found.has(file)) found.set(file, trail);
      continue;
    }
    const source = fs.readFileSync(file, 'utf8');
    const isClient = client || /^['"]use client['"]/m.test(source.slice(0, 300));
    const name = path.relative(root, file);
    if (isClient && !found.has(name)) found.set(name, trail);
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const next = resolve(file, match[1]!);
      if (next) queue.push([next, isClient, [...trail, next.startsWith('npm:') ? next : path.relative(root, next)]]);
    }
  }
  return found;
}

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
    const shared = /^(app\/_components\/((resource|ui|shell)\/|[^/]+$)|app\/[^_]|lib\/|contract\/|npm:)/;
    const screenOwn = [...modules.keys()].filter((m) => !shared.test(m));
    expect(screenOwn.map((m) => modules.get(m)!.join(' > '))).toEqual([]);
  });
});
