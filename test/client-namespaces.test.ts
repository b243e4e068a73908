import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMESPACES, KIT_NAMESPACES, kitNamespaces } from '@/app/_components/resource/client-namespaces';
import { SHELL_NAMESPACES, namespacesIn, pickNamespaces } from '@/lib/i18n/client-messages';
import type { MessageTree } from '@/lib/i18n/messages';
import { RESOURCES, type ResourceKey } from '@/lib/resources';
import { ROUTES } from '@/lib/routes';
import { clientModules, root } from './client-modules';
import { dictionaryTree } from './dictionary';

/**
 * The root layout sends the browser only the shell's namespaces and each page adds its own (lib/i18n/client-messages.ts).
 * These read the `useTranslations` calls of the browser's modules: the shell's must stay within the shell's list, the
 * kit's within the kit's, a resource's and its features'. A page that reads a namespace it was not sent shows the
 * key; the e2e suite fails on that too (e2e/support/test.ts).
 */
const SHELL_ENTRIES = [
  'app/layout.tsx',
  'app/Service/[service]/layout.tsx',
  'app/(company)/layout.tsx',
  'app/auth/layout.tsx',
  'app/error.tsx',
  'app/not-found.tsx',
];
const KIT_ENTRIES = [
  'app/_components/shell/route-screen.tsx',
  ...['form', 'sort', 'restore', 'config', 'approval'].map((route) => `app/Service/[service]/kit-${route}/[...slug]/page.tsx`),
  'app/(company)/Information/page.tsx',
];

/** The namespaces a module names: `useTranslations('x…')`, and in a module that calls `useTranslations()`, every `'x.y'` key it holds. */
function namespacesRead(files: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (ns: string, file: string) => out.set(ns, [...(out.get(ns) ?? []), file]);
  for (const file of files) {
    if (file.startsWith('npm:')) continue;
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of source.matchAll(/useTranslations\(\s*['"`]([a-zA-Z]+)/g)) add(m[1]!, file);
    if (/useTranslations\(\s*\)/.test(source))
      for (const m of source.matchAll(/['"`]([a-zA-Z]+)\.(?:[a-zA-Z$]|\$\{)/g)) if (!/^(next|react|node|use)$/.test(m[1]!)) add(m[1]!, file);
  }
  return out;
}

describe('the namespaces each page sends', () => {
  it('the shell reads only the shell’s namespaces', () => {
    const read = namespacesRead(clientModules(SHELL_ENTRIES, { dynamic: true }).keys());
    expect(read.size).toBeGreaterThan(3);
    const outside = [...read].filter(([ns]) => !(SHELL_NAMESPACES as readonly string[]).includes(ns));
    expect(outside).toEqual([]);
  });

  it('the kit reads the kit’s, the shell’s and its features’ namespaces, and a resource’s own', () => {
    const read = namespacesRead(clientModules(KIT_ENTRIES, { dynamic: true }).keys());
    expect(read.has('resource')).toBe(true);
    const allowed = new Set<string>([...KIT_NAMESPACES, ...SHELL_NAMESPACES, ...FEATURE_NAMESPACES.map((f) => f.namespace)]);
    expect([...read].filter(([ns]) => !allowed.has(ns))).toEqual([]);
  });

  it('a kit page carries its resource’s namespace and the ones its labels name, not the whole dictionary', () => {
    const messages = dictionaryTree('en');
    const shop = kitNamespaces({ resource: 'shop' as ResourceKey, mode: 'list' });
    expect(shop.has(RESOURCES.shop.namespace)).toBe(true);
    expect(shop.has('resource')).toBe(true);
    const sent = Object.keys(pickNamespaces(messages, shop));
    expect(sent.length).toBeLessThan(Object.keys(messages).length / 2);
    expect(sent).not.toContain('monitor');
  });

  it('every key a kit declaration names is in the namespaces its page is sent', () => {
    const messages = dictionaryTree('en');
    const known = new Set(Object.keys(messages));
    const missing: string[] = [];
    for (const key of Object.keys(RESOURCES) as ResourceKey[]) {
      const sent = kitNamespaces({ resource: key, mode: 'list' });
      for (const ns of namespacesIn(RESOURCES[key], known)) if (!sent.has(ns)) missing.push(`${key}: ${ns}`);
      if (!known.has(RESOURCES[key].namespace)) missing.push(`${key}: its namespace ${RESOURCES[key].namespace}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('pickNamespaces and namespacesIn', () => {
  const tree: MessageTree = { a: { x: '1' }, b: { y: '2' }, c: '3' };

  it('picks the named namespaces, without those already sent', () => {
    expect(pickNamespaces(tree, ['a', 'c', 'missing'])).toEqual({ a: { x: '1' }, c: '3' });
    expect(pickNamespaces(tree, ['a', 'b'], ['a'])).toEqual({ b: { y: '2' } });
  });

  it('finds the namespaces of dotted keys in plain objects and arrays, not inside class instances', () => {
    class Schema {
      label = 'hidden.key';
    }
    const declaration = { label: 'orders.fields.total', columns: [{ label: 'shop.name' }, 'plain'], schema: new Schema(), url: 'https://x.y' };
    expect([...namespacesIn(declaration, new Set(['orders', 'shop', 'hidden']))].sort()).toEqual(['orders', 'shop']);
    const cyclic: Record<string, unknown> = { key: 'orders.x' };
    cyclic.self = cyclic;
    expect([...namespacesIn(cyclic)]).toEqual(['orders']);
  });
});

describe('a dedicated screen that names its namespaces', () => {
  const pages = fs
    .readdirSync(path.join(root, 'app'), { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'page.tsx')
    .map((file) => path.join('app', file))
    .map((file) => {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      const match = /screenPage\('([^']+)', (\w+), \{ messages: \[([^\]]*)\] \}\)/.exec(source);
      // The screen's own module (the page file also imports the catch-all's fallback, which sends the kit's own).
      const from = match && new RegExp(`import \\{[^}]*\\b${match[2]}\\b[^}]*\\} from '@/([^']+)'`).exec(source)?.[1];
      return { file, match, screen: from ? `${from}.tsx` : file };
    })
    .filter((p) => p.match !== null);

  it('finds the screens that name theirs (the orders lists and the monitor)', () => {
    expect(pages.map((p) => p.match![1]).sort()).toEqual(expect.arrayContaining(['/Monitor/Biker', '/Orders', '/OrdersMessenger']));
  });

  it.each(pages.map((p) => [p.match![1]!, p] as const))(
    '%s reads only the namespaces it names, the kit’s of its resources and the shell’s',
    (pattern, { screen, match }) => {
      const named = match![3]!
        .split(',')
        .map((s) => s.trim().replace(/^'|'$/g, ''))
        .filter(Boolean);
      // The registry's route of that path, in any service; a folder that stands for several (`/Report/[view]`: Report/
      // Admin, Report/Shop, …) answers for each of them.
      const shape = new RegExp(`^${pattern.replace(/\[[^\]]+\]/g, '[^/]+')}$`);
      const screens = ROUTES.filter((r) => r.view !== undefined && 'screen' in r.view);
      const exact = screens.filter((r) => r.path === pattern);
      const routes = exact.length > 0 ? exact : screens.filter((r) => shape.test(r.path));
      expect(routes.length).toBeGreaterThan(0);
      const of = routes.flatMap((route) => {
        const view = route.view as { of?: string | readonly string[] };
        return view.of === undefined ? [] : typeof view.of === 'string' ? [view.of] : view.of;
      });
      // The kit's widgets behind a declaration's features are sent when the resource has the feature (kitNamespaces).
      const kit = of.flatMap((resource) => [
        ...kitNamespaces({ resource: resource as ResourceKey, mode: 'list' }),
        ...FEATURE_NAMESPACES.map((f) => f.namespace),
      ]);
      const allowed = new Set<string>([...named, ...SHELL_NAMESPACES, ...kit]);
      expect(fs.existsSync(path.join(root, screen))).toBe(true);
      const read = namespacesRead(clientModules([screen], { dynamic: true }).keys());
      // A namespace the screen hands a client part as a prop (`<StatusChanger namespace="accounts" />`) is read there.
      for (const m of fs.readFileSync(path.join(root, screen), 'utf8').matchAll(/\bnamespace=(?:"|\{')([a-zA-Z]+)/g))
        read.set(m[1]!, [...(read.get(m[1]!) ?? []), screen]);
      // Only the dictionary's namespaces: a module that reads from the root also holds keys of its own namespace.
      const known = new Set(Object.keys(dictionaryTree('en')));
      expect([...read].filter(([ns]) => known.has(ns) && !allowed.has(ns))).toEqual([]);
    },
  );
});
