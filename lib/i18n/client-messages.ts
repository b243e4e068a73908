import type { MessageTree } from './messages';

/**
 * Which namespaces of the dictionary go to the browser. The root layout sends only the shell's: the client components
 * of the layouts, the navbar's widgets and the error boundaries (`test/client-namespaces.test.ts` checks this list
 * against their `useTranslations` calls). Each page adds its own through `ClientMessages`
 * (app/_components/i18n/client-messages.tsx): a resource-kit page the kit's and its resource's, a dedicated screen
 * the rest of the dictionary. A list page so carries about a third of the dictionary instead of all of it.
 */
export const SHELL_NAMESPACES = ['app', 'shell', 'nav', 'navGroup', 'common', 'localeSwitcher', 'chunkReload', 'errors', 'spec'] as const;

/** The namespaces of `tree` named in `names`, without those in `except` (already sent by a provider above). */
export function pickNamespaces(tree: MessageTree, names: Iterable<string>, except: Iterable<string> = []): MessageTree {
  const skip = new Set(except);
  const out: MessageTree = {};
  for (const name of names) if (!skip.has(name) && tree[name] !== undefined) out[name] = tree[name]!;
  return out;
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/**
 * The namespaces that a declaration's message keys name: every string inside plain objects and arrays whose first
 * dotted segment is one of `known`, or any name when `known` is not given (`'orders.fields.total'` → `orders`). Class instances (schemas) and functions are
 * not entered.
 */
export function namespacesIn(value: unknown, known?: ReadonlySet<string>, found = new Set<string>(), seen = new Set<object>()): Set<string> {
  if (typeof value === 'string') {
    const first = /^([a-zA-Z][a-zA-Z0-9]*)\./.exec(value)?.[1];
    if (first && (!known || known.has(first))) found.add(first);
  } else if (typeof value === 'object' && value !== null && !seen.has(value) && isPlain(value)) {
    seen.add(value);
    for (const item of Array.isArray(value) ? value : Object.values(value)) namespacesIn(item, known, found, seen);
  }
  return found;
}
