import { describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n/request';
import th from '../messages/th.json';
import shellTh from '../messages/shell/th.json';

describe('the request’s dictionary', () => {
  it('merges each language once, the main messages and its parts, and shares it between requests', async () => {
    const first = await loadMessages('th');
    const again = await loadMessages('th');
    expect(again).toBe(first);
    const english = await loadMessages('en');
    expect(english).not.toBe(first);
    // A key of the main dictionary and one of a part (messages/shell) are both there, in Thai.
    expect(first.auth).toEqual(th.auth);
    expect(first.navGroup).toEqual(shellTh.navGroup);
    expect(english.navGroup).not.toEqual(shellTh.navGroup);
  });
});
