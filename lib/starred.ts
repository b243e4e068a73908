/** The spec's section 9: starred pages kept. */
export const STARRED_LIMIT = 10;

/** Window event sent after this tab changes a user's starred pages (other tabs get the `storage` event). */
export const STARRED_CHANGE_EVENT = 'starred-change';

/** A starred page: its pathname and the `nav.<label>` key of its registry route. */
export interface StarredPage {
  path: string;
  label: string;
}

/** Checked by hand rather than with zod so the navbar's client bundle stays small. */
function isStarredPage(value: unknown): value is StarredPage {
  if (typeof value !== 'object' || value === null) return false;
  const { path, label } = value as Record<string, unknown>;
  return typeof path === 'string' && path.startsWith('/') && path.length <= 500 && typeof label === 'string' && label.length > 0 && label.length <= 100;
}

export type StarResult = { ok: true; list: StarredPage[] } | { ok: false; reason: 'full' | 'duplicate'; list: StarredPage[] };

/** The local-storage key of a user's starred pages. */
export function starredKey(uid: string | number): string {
  return `starred:${uid}`;
}

/** Reads a stored value; anything malformed gives an empty list, duplicates are dropped, the first 10 are kept. */
export function parseStarred(raw: string | null | undefined): StarredPage[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value) || !value.every(isStarredPage)) return [];
  const seen = new Set<string>();
  const list: StarredPage[] = [];
  for (const page of value) {
    if (seen.has(page.path)) continue;
    seen.add(page.path);
    list.push({ path: page.path, label: page.label });
  }
  return list.slice(0, STARRED_LIMIT);
}

export function isStarred(list: readonly StarredPage[], path: string): boolean {
  return list.some((page) => page.path === path);
}

/** Stars a page at the end of the list. The first 10 are kept: an 11th star is refused, not rotated in. */
export function addStarred(list: readonly StarredPage[], page: StarredPage): StarResult {
  if (isStarred(list, page.path)) return { ok: false, reason: 'duplicate', list: [...list] };
  if (list.length >= STARRED_LIMIT) return { ok: false, reason: 'full', list: [...list] };
  return { ok: true, list: [...list, { path: page.path, label: page.label }] };
}

export function removeStarred(list: readonly StarredPage[], path: string): StarredPage[] {
  return list.filter((page) => page.path !== path);
}

/** Stars the page when it is not starred, unstars it when it is. */
export function toggleStarred(list: readonly StarredPage[], page: StarredPage): StarResult {
  if (isStarred(list, page.path)) return { ok: true, list: removeStarred(list, page.path) };
  return addStarred(list, page);
}

/** The subset of the Web Storage API used here (window.localStorage in the browser). */
export interface StarredStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadStarred(storage: StarredStorage, uid: string | number): StarredPage[] {
  try {
    return parseStarred(storage.getItem(starredKey(uid)));
  } catch {
    return [];
  }
}

export function saveStarred(storage: StarredStorage, uid: string | number, list: readonly StarredPage[]): void {
  storage.setItem(starredKey(uid), JSON.stringify(list.slice(0, STARRED_LIMIT)));
}
