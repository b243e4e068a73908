/**
 * The parts whose keys live beside the main dictionaries, in `messages/{part}/{locale}.json` (one directory per part
 * of the product, so parts grow without touching each other's files). Merged over the main dictionary in this order.
 */
export const MESSAGE_PARTS = [
  'shell',
  'orders',
  'monitor',
  'dashboard',
  'payments',
  'profile',
  'users',
  'billing',
  'reports',
  'accounts',
  // A dedicated screen's messages beside the resources' (the product category tree is no kit resource).
  'resources/productCategory',
  // Setting → Language (app/_components/lang-strings/): a dedicated screen too.
  'resources/langStrings',
  // The import screens (shops and bikers from a file).
  'resources/imports',
  // Chat (app/_components/chat/): a dedicated screen.
  'resources/chat',
] as const;
export type MessagePart = (typeof MESSAGE_PARTS)[number] | `resources/${string}`;

/** A resource screen's own messages: `messages/resources/{namespace}/{locale}.json`. */
export const resourceMessagePart = (namespace: string): MessagePart => `resources/${namespace}`;

/** A message tree as stored in `messages/*.json`: nested objects whose leaves are strings. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

const isTree = (value: unknown): value is MessageTree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges `extra` into a copy of `base`; leaves of `extra` win. */
export function mergeMessages(base: MessageTree, extra: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? mergeMessages(current, value) : value;
  }
  return out;
}

/** Flattens a tree to dotted keys: `{auth: {login: {title: 'x'}}}` → `{'auth.login.title': 'x'}`. */
export function flattenMessages(tree: MessageTree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}
