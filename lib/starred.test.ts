import { describe, expect, it } from 'vitest';
import {
  STARRED_LIMIT,
  addStarred,
  isStarred,
  loadStarred,
  parseStarred,
  removeStarred,
  saveStarred,
  starredKey,
  toggleStarred,
  type StarredPage,
  type StarredStorage,
} from './starred';

const page = (n: number): StarredPage => ({ path: `/Service/Delivery/Page${n}`, label: `label${n}` });

function memoryStorage(): StarredStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('starring pages', () => {
  it('keeps the first 10 and refuses the 11th', () => {
    let list: StarredPage[] = [];
    for (let n = 1; n <= 10; n++) {
      const result = addStarred(list, page(n));
      expect(result.ok).toBe(true);
      list = result.list;
    }
    const eleventh = addStarred(list, page(11));
    expect(eleventh).toEqual({ ok: false, reason: 'full', list });
    expect(eleventh.list).toHaveLength(STARRED_LIMIT);
    expect(isStarred(eleventh.list, page(11).path)).toBe(false);
    expect(eleventh.list[0]).toEqual(page(1));
  });

  it('refuses a page starred twice', () => {
    const result = addStarred([page(1)], { ...page(1), label: 'other' });
    expect(result).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(result.list).toEqual([page(1)]);
  });

  it('unstars, and toggling frees a place for another page', () => {
    const full = Array.from({ length: 10 }, (_, i) => page(i + 1));
    expect(removeStarred(full, page(3).path)).toHaveLength(9);
    const off = toggleStarred(full, page(3));
    expect(off.ok).toBe(true);
    const on = toggleStarred(off.list, page(11));
    expect(on.ok).toBe(true);
    expect(on.list.at(-1)).toEqual(page(11));
    expect(on.list).toHaveLength(10);
  });

  it('does not change the list it was given', () => {
    const list = [page(1)];
    addStarred(list, page(2));
    removeStarred(list, page(1).path);
    expect(list).toEqual([page(1)]);
  });
});

describe('stored starred pages', () => {
  it('persists per user under starred:<uid>', () => {
    const storage = memoryStorage();
    saveStarred(storage, 7, [page(1), page(2)]);
    saveStarred(storage, 'u8', [page(3)]);
    expect(starredKey(7)).toBe('starred:7');
    expect([...storage.data.keys()].sort()).toEqual(['starred:7', 'starred:u8']);
    expect(loadStarred(storage, 7)).toEqual([page(1), page(2)]);
    expect(loadStarred(storage, 'u8')).toEqual([page(3)]);
    expect(loadStarred(storage, 9)).toEqual([]);
  });

  it('ignores malformed values and trims stored lists to the first 10 distinct pages', () => {
    expect(parseStarred('{not json')).toEqual([]);
    expect(parseStarred('{"path":"/x"}')).toEqual([]);
    expect(parseStarred(JSON.stringify([{ path: 'relative', label: 'x' }]))).toEqual([]);
    const stored = [page(1), page(1), ...Array.from({ length: 12 }, (_, i) => page(i + 2))];
    const parsed = parseStarred(JSON.stringify(stored));
    expect(parsed).toHaveLength(10);
    expect(parsed[0]).toEqual(page(1));
    expect(parsed[1]).toEqual(page(2));
    expect(parsed[9]).toEqual(page(10));
  });

  it('survives a storage that throws', () => {
    const broken: StarredStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(loadStarred(broken, 1)).toEqual([]);
  });
});
