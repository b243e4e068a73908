import { describe, expect, it } from 'vitest';
import { firstOfKey, statesAfter, type GroupSend } from './chat-group';

const t = (s: number) => new Date(Date.UTC(2026, 10, 27, 0, 0, s));
const send = (conversationId: number, clientId: string, fromStaff: boolean, s: number): GroupSend => ({
  conversationId,
  clientId,
  fromStaff,
  preview: `${clientId} text`,
  at: t(s),
});

describe('firstOfKey', () => {
  it('points each send at the first send of the same message of the group', () => {
    const sends = [send(1, 'a', true, 0), send(2, 'a', true, 1), send(1, 'b', true, 2), send(1, 'a', true, 3), send(2, 'a', false, 4)];
    expect(firstOfKey(sends)).toEqual([0, 1, 2, 0, 1]);
  });
});

describe('statesAfter', () => {
  const before = { staffUnread: 5, peerUnread: 1, version: 10, lastMessageAt: t(-60), lastMessagePreview: 'old', updatedAt: t(-60) };

  it('gives each send the conversation as a send of its own would have left it', () => {
    // Written one by one from `before`: peer a, staff b, peer c (a resend, not created), peer d; and one to conversation 9.
    const sends = [send(1, 'a', false, 1), send(1, 'b', true, 2), send(9, 'x', false, 3), send(1, 'c', false, 4), send(1, 'd', false, 5)];
    const created = [true, true, true, false, true];
    const final = { staffUnread: 7, peerUnread: 2, version: 13, lastMessageAt: t(5), lastMessagePreview: 'd text', updatedAt: t(5) };
    const nine = { staffUnread: 1, peerUnread: 0, version: 2, lastMessageAt: t(3), lastMessagePreview: 'x text', updatedAt: t(3) };
    const states = statesAfter(
      sends,
      created,
      new Map([
        [1, final],
        [9, nine],
      ]),
      new Map([
        [1, before],
        [9, { ...nine, staffUnread: 0, version: 1 }],
      ]),
    );
    expect(states.map((s) => [s!.staffUnread, s!.peerUnread, s!.version, s!.lastMessagePreview])).toEqual([
      [6, 1, 11, 'a text'],
      [6, 2, 12, 'b text'],
      [1, 0, 2, 'x text'],
      [6, 2, 12, 'b text'],
      [7, 2, 13, 'd text'],
    ]);
    expect(states[0]!.lastMessageAt).toEqual(t(1));
    expect(states[4]).toEqual(final);
  });

  it('keeps the last message of the conversation as read before the group for a resend ahead of every new message', () => {
    const sends = [send(1, 'old', false, 1), send(1, 'new', false, 2)];
    const final = { staffUnread: 6, peerUnread: 1, version: 11, lastMessageAt: t(2), lastMessagePreview: 'new text', updatedAt: t(2) };
    expect(statesAfter(sends, [false, true], new Map([[1, final]]), new Map([[1, before]]))[0]).toEqual(before);
  });

  it('answers the conversation as it was for a group that changed nothing on it, and null for one it does not know', () => {
    const sends = [send(1, 'old', false, 1), send(2, 'x', false, 2)];
    expect(statesAfter(sends, [false, false], new Map(), new Map([[1, before]]))).toEqual([before, null]);
  });
});
