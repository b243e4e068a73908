import fs from 'node:fs';
import path from 'node:path';

/**
 * The modules the browser gets from some entry files: a `'use client'` module and everything it imports go to the
 * browser; a server module is followed for the client modules it renders. Static imports always; `import(…)` too when
 * `dynamic` is set (a `dynamic(() => import(…))` widget loads when rendered, but it reads the page's dictionary then).
 */
export const root = path.resolve(import.meta.dirname, '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

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

/** The browser's modules of the entries (paths from the root, npm packages as `npm:name`), each with the chain of imports that brought it in. */
export function clientModules(entries: string[], { dynamic = false } = {}): Map<string, string[]> {
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
    const specs = [...source.matchAll(STATIC_IMPORT), ...(dynamic ? source.matchAll(DYNAMIC_IMPORT) : [])].map((m) => m[1]!);
    for (const spec of specs) {
      const next = resolve(file, spec);
      if (next) queue.push([next, isClient, [...trail, next.startsWith('npm:') ? next : path.relative(root, next)]]);
    }
  }
  return found;
}
