import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-text';
import type { ShellNotification } from './notifications-api';

const t = (key: string, values: Record<string, string | number> = {}) => `${key}${JSON.stringify(values)}`;
const item = (over: Partial<ShellNotification>): ShellNotification => ({
  id: '1',
  title: 'As written',
  body: 'Body as written',
  kind: null,
  params: {},
  read: false,
  createdAt: '',
  ...over,
});

describe('notification text', () => {
  it("words the kinds it knows in the reader's language, the money formatted", () => {
    expect(notificationText(item({ kind: 'shopRegistration', params: { shop: 'Baan Somtam', area: 'Bangkok' } }), t, 'en')).toEqual({
      title: 'kinds.shopRegistration.title{}',
      body: 'kinds.shopRegistration.body{"shop":"Baan Somtam","area":"Bangkok"}',
    });
    const withdrawal = notificationText(item({ kind: 'withdrawalRequest', params: { owner: 'Malee', amount: 500000, area: 'Bangkok' } }), t, 'en');
    expect(withdrawal.body).toContain('"amount":"5,000.00');
  });

  it('shows any other notification as written', () => {
    expect(notificationText(item({}), t, 'th')).toEqual({ title: 'As written', body: 'Body as written' });
  });
});
