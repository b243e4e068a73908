import { formatMoney } from '@/lib/format';
import type { ShellNotification } from './notifications-api';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A notification's title and body in the reader's language when the portal knows its kind (a shop's registration, a
 * withdrawal request), else as the Platform API wrote them.
 */
export function notificationText(item: ShellNotification, t: Translate, locale: string): { title: string; body: string } {
  const p = item.params;
  switch (item.kind) {
    case 'shopRegistration':
      return { title: t('kinds.shopRegistration.title'), body: t('kinds.shopRegistration.body', { shop: String(p.shop ?? ''), area: String(p.area ?? '') }) };
    case 'withdrawalRequest':
      return {
        title: t('kinds.withdrawalRequest.title'),
        body: t('kinds.withdrawalRequest.body', {
          owner: String(p.owner ?? ''),
          area: String(p.area ?? ''),
          amount: typeof p.amount === 'number' ? formatMoney(p.amount, locale) : String(p.amount ?? ''),
        }),
      };
    case 'supportTicket':
      return {
        title: t('kinds.supportTicket.title'),
        body: t('kinds.supportTicket.body', { shop: String(p.shop ?? ''), area: String(p.area ?? ''), subject: String(p.subject ?? '') }),
      };
    default:
      return { title: item.title, body: item.body };
  }
}
