import 'server-only';
import { getTranslations } from 'next-intl/server';
import { IMAGE_KEY, imagePath, thumbPath } from '@contract/image-paths';
import type { SupportMessage } from '@contract/resources/support';
import { formatDateTime } from '@/lib/format';
import { cn } from '../ui/cn';

/** An attachment's picture and full size: an upload key through the portal's image route, else the https address. */
const picture = (value: string) =>
  IMAGE_KEY.test(value) ? { thumb: thumbPath(value), full: imagePath(value) } : /^https:\/\//i.test(value) ? { thumb: value, full: value } : null;

/** A ticket's messages, oldest first: who, when, the text and its pictures (each opens full size). */
export async function SupportThread({ messages }: { messages: readonly SupportMessage[] }) {
  const t = await getTranslations('support');
  if (messages.length === 0) return <p className="p-5 text-sm text-fg-muted">{t('view.noMessages')}</p>;
  return (
    <ol aria-label={t('view.thread')} className="space-y-3 p-5">
      {messages.map((m) => (
        <li
          key={m.id}
          data-message-id={m.id}
          className={cn('rounded-lg border border-line p-3 text-sm', m.authorKind === 'staff' ? 'ms-8 bg-surface-muted' : 'me-8')}
        >
          <p className="mb-1 flex flex-wrap justify-between gap-2 text-xs text-fg-muted">
            <span className="font-medium text-fg">
              {m.authorName || t(`view.author.${m.authorKind}`)} · {t(`view.author.${m.authorKind}`)}
            </span>
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </p>
          <p className="whitespace-pre-wrap break-words">{m.body}</p>
          {m.attachments.length > 0 && (
            <ul aria-label={t('fields.attachments')} className="mt-2 flex flex-wrap gap-2">
              {m.attachments.map((a, i) => {
                const p = picture(a);
                return p ? (
                  <li key={a}>
                    <a href={p.full} target="_blank" rel="noopener noreferrer">
                      {/* eslint-disable-next-line @next/next/no-img-element */}
                      <img src={p.thumb} alt={t('view.attachment', { n: i + 1 })} className="h-24 w-24 rounded border border-line object-cover" />
                    </a>
                  </li>
                ) : null;
              })}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
