'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import {
  CHAT_MAX_LIMIT,
  CHAT_PAGE_LIMIT,
  chatConversationSchema,
  chatListAnswerSchema,
  chatMessageSchema,
  chatMessagesAnswerSchema,
  type ChatConversation,
  type ChatEvent,
  type ChatMessage,
} from '@contract/resources/chat';
import { applyMark, applyToConversations, lastMessageId, mergeMessages, newClientId, sortConversations, tickOf } from '@/lib/chat/thread';
import { formatDateTime } from '@/lib/format';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { ChatStartDialog } from './chat-start-dialog';
import { useChatLive, type ChatLiveStatus } from './use-chat-live';

type ListAnswer = z.infer<typeof chatListAnswerSchema>;
const sendAnswerSchema = z.object({ data: chatMessageSchema, conversation: chatConversationSchema });
const markAnswerSchema = z.object({ conversation: chatConversationSchema });
const SEND_ATTEMPTS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ChatBoardProps {
  service: string;
  /** The list's query as the Platform API takes it (from the URL). */
  listQuery: Record<string, string>;
  initial: ListAnswer;
  selected: string | null;
  filtered: boolean;
  controls: ReactNode;
  pagination: ReactNode;
}

/** The thread of the open conversation: its messages by id, whether older ones exist, and its loading state. */
interface Thread {
  id: string;
  messages: ChatMessage[];
  more: boolean;
  state: 'loading' | 'ready' | 'failed';
}

/**
 * The conversations and the open thread, live: each `chat.*` event updates the list (counters, last message, order)
 * and the thread (a message merged by id, a mark on the ticks). Each time the stream is connected again, the list and
 * the messages after the last one held are read, so nothing sent meanwhile is lost and nothing shows twice.
 */
export function ChatBoard({ service, listQuery, initial, selected: initialSelected, filtered, controls, pagination }: ChatBoardProps) {
  const t = useTranslations('chat');
  const base = `/api/admin/${encodeURIComponent(service)}/Chat`;
  const sort = listQuery.sort ?? 'unread';
  const [conversations, setConversations] = useState<ChatConversation[]>(initial.data);
  const [selected, setSelected] = useState<string | null>(initialSelected);
  const [thread, setThread] = useState<Thread | null>(initialSelected ? { id: initialSelected, messages: [], more: false, state: 'loading' } : null);
  const [starting, setStarting] = useState(false);
  const threadRef = useRef<Thread | null>(null);
  const selectedRef = useRef(selected);
  const reading = useRef<Set<string>>(new Set());

  const conversationsRef = useRef(conversations);
  useEffect(() => {
    threadRef.current = thread;
  }, [thread]);
  useEffect(() => {
    conversationsRef.current = conversations;
  }, [conversations]);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);

  const updateThread = useCallback((id: string, change: (t: Thread) => Thread) => {
    setThread((current) => (current && current.id === id ? change(current) : current));
  }, []);

  const takeConversation = useCallback(
    (c: ChatConversation) => {
      setConversations((list) => {
        const at = list.findIndex((x) => x.id === c.id);
        if (at < 0) return list;
        const copy = [...list];
        copy[at] = c;
        return sortConversations(copy, sort);
      });
    },
    [sort],
  );

  const readList = useCallback(async () => {
    try {
      const answer = chatListAnswerSchema.parse(await bffJson(`${base}?${new URLSearchParams(listQuery).toString()}`));
      setConversations(answer.data);
    } catch {
      // The next event or reconnect reads it again.
    }
  }, [base, listQuery]);

  /** Staff read the peer's messages of the open conversation (up to `upTo`, all when left out). */
  const markRead = useCallback(
    async (id: string, upTo?: string) => {
      const key = `${id}:${upTo ?? 'all'}`;
      if (reading.current.has(key)) return;
      reading.current.add(key);
      try {
        const answer = markAnswerSchema.parse(await bffJson(`${base}/${id}/read`, { method: 'POST', body: upTo ? { upTo } : {} }));
        takeConversation(answer.conversation);
      } catch {
        // Still unread: the badge stays and the next visit marks it.
      } finally {
        reading.current.delete(key);
      }
    },
    [base, takeConversation],
  );

  const fetchPage = useCallback(
    async (id: string, params: Record<string, string>) =>
      chatMessagesAnswerSchema.parse(await bffJson(`${base}/${id}/messages?${new URLSearchParams(params).toString()}`)),
    [base],
  );

  /** Reads an opened conversation: its newest page, then the peer's messages are marked read. */
  const loadThread = useCallback(
    async (id: string) => {
      try {
        const page = await fetchPage(id, { limit: String(CHAT_PAGE_LIMIT) });
        updateThread(id, (current) => ({ ...current, messages: mergeMessages(current.messages, page.data), more: page.more, state: 'ready' }));
        if (page.conversation) takeConversation(page.conversation);
        if ((page.conversation?.staffUnread ?? 0) > 0 || page.data.some((m) => !m.fromStaff && !m.readAt)) void markRead(id);
      } catch {
        updateThread(id, (current) => ({ ...current, state: 'failed' }));
      }
    },
    [fetchPage, markRead, takeConversation, updateThread],
  );

  const openThread = useCallback(
    (id: string) => {
      setThread({ id, messages: [], more: false, state: 'loading' });
      void loadThread(id);
    },
    [loadThread],
  );

  // Once, for the conversation the URL names (its thread is read after the first paint).
  useEffect(() => {
    if (!initialSelected) return;
    const timer = window.setTimeout(() => void loadThread(initialSelected), 0);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = (id: string) => {
    setSelected(id);
    const url = new URL(window.location.href);
    url.searchParams.set('c', id);
    window.history.replaceState(null, '', url.toString());
    openThread(id);
  };

  /** After a reconnect: what came after the last message held, page by page, then the newest page for its marks. */
  const catchUp = useCallback(async () => {
    void readList();
    const current = threadRef.current;
    if (!current || current.state !== 'ready') return;
    const id = current.id;
    try {
      let after = lastMessageId(current.messages);
      for (let round = 0; after && round < 20; round += 1) {
        const page = await fetchPage(id, { after, limit: String(CHAT_MAX_LIMIT) });
        updateThread(id, (t) => ({ ...t, messages: mergeMessages(t.messages, page.data) }));
        if (!page.more || page.data.length === 0) break;
        after = page.data[page.data.length - 1]!.id;
      }
      const newest = await fetchPage(id, { limit: String(CHAT_PAGE_LIMIT) });
      updateThread(id, (t) => ({ ...t, messages: mergeMessages(t.messages, newest.data), more: t.messages.length === 0 ? newest.more : t.more }));
      if (newest.conversation) takeConversation(newest.conversation);
      if (newest.data.some((m) => !m.fromStaff && !m.readAt) && document.visibilityState === 'visible') void markRead(id);
    } catch {
      // The next reconnect tries again.
    }
  }, [fetchPage, markRead, readList, takeConversation, updateThread]);

  const onEvent = useCallback(
    (event: ChatEvent) => {
      // A conversation not in the list (a peer wrote for the first time, or it is on another page): the list is read again.
      const missing = !conversationsRef.current.some((c) => c.id === event.conversationId);
      if (missing && event.type === 'chat.message') void readList();
      setConversations((list) => applyToConversations(list, event, sort) ?? list);
      if (selectedRef.current !== event.conversationId) return;
      if (event.type === 'chat.message') {
        updateThread(event.conversationId, (t) => ({ ...t, messages: mergeMessages(t.messages, [event.message]) }));
        if (!event.message.fromStaff && document.visibilityState === 'visible') void markRead(event.conversationId, event.message.id);
      } else {
        updateThread(event.conversationId, (t) => ({ ...t, messages: applyMark(t.messages, event) }));
      }
    },
    [markRead, readList, sort, updateThread],
  );

  const status = useChatLive(service, { onEvent, onLive: () => void catchUp() });

  // Coming back to the tab reads what arrived while it was hidden.
  useEffect(() => {
    const visible = () => {
      const current = selectedRef.current;
      if (document.visibilityState !== 'visible' || !current) return;
      const list = threadRef.current;
      if (list?.messages.some((m) => !m.fromStaff && !m.readAt)) void markRead(current);
    };
    document.addEventListener('visibilitychange', visible);
    return () => document.removeEventListener('visibilitychange', visible);
  }, [markRead]);

  const loadEarlier = useCallback(async () => {
    const current = threadRef.current;
    if (!current || !current.more || current.messages.length === 0) return;
    const before = current.messages[0]!.id;
    const page = await fetchPage(current.id, { before, limit: String(CHAT_PAGE_LIMIT) });
    updateThread(current.id, (t) => ({ ...t, messages: mergeMessages(t.messages, page.data), more: page.more }));
  }, [fetchPage, updateThread]);

  const onStarted = (c: ChatConversation) => {
    setStarting(false);
    setConversations((list) => (list.some((x) => x.id === c.id) ? list : [c, ...list]));
    select(c.id);
  };

  const open = conversations.find((c) => c.id === selected) ?? null;

  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <Card
        title={t('conversations')}
        actions={
          <Button size="sm" onClick={() => setStarting(true)}>
            {t('start')}
          </Button>
        }
      >
        {controls}
        {conversations.length === 0 ? (
          <EmptyState title={filtered ? t('noneMatch') : t('noConversations')} />
        ) : (
          <ul className="-mx-2 divide-y divide-line" aria-label={t('conversations')}>
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => select(c.id)}
                  aria-current={c.id === selected ? 'true' : undefined}
                  data-conversation-id={c.id}
                  data-unread={c.staffUnread}
                  className={`flex w-full items-start gap-3 rounded-md px-2 py-2.5 text-left hover:bg-surface-muted ${c.id === selected ? 'bg-primary-soft/60' : ''}`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={`truncate text-sm ${c.staffUnread > 0 ? 'font-semibold text-fg' : 'text-fg'}`}>{c.peerName}</span>
                      {c.lastMessageAt && (
                        <time className="shrink-0 text-xs text-fg-muted" dateTime={c.lastMessageAt}>
                          {formatDateTime(c.lastMessageAt)}
                        </time>
                      )}
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-xs text-fg-muted">
                        <span className="me-1 rounded bg-neutral-soft px-1 text-neutral-text">{t(`kinds.${c.peerKind}`)}</span>
                        {c.lastMessagePreview}
                      </span>
                      {c.staffUnread > 0 && (
                        <span
                          data-testid="unread-badge"
                          className="shrink-0 rounded-full bg-primary-strong px-2 py-0.5 text-xs font-semibold text-white"
                          aria-label={t('unread', { count: c.staffUnread })}
                        >
                          {c.staffUnread}
                        </span>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {pagination}
      </Card>
      <Card
        title={open ? open.peerName : t('conversations')}
        description={open ? t(`kinds.${open.peerKind}`) : undefined}
        actions={<LiveStatus status={status} />}
      >
        {!selected ? (
          <EmptyState title={t('choose')} />
        ) : (
          <ThreadView
            key={selected}
            thread={thread && thread.id === selected ? thread : null}
            onRetry={() => openThread(selected)}
            onLoadEarlier={loadEarlier}
            base={base}
            conversationId={selected}
            onSent={(message, conversation) => {
              updateThread(selected, (th) => ({ ...th, messages: mergeMessages(th.messages, [message]) }));
              takeConversation(conversation);
            }}
          />
        )}
      </Card>
      <ChatStartDialog open={starting} base={base} onClose={() => setStarting(false)} onStarted={onStarted} />
    </div>
  );
}

function LiveStatus({ status }: { status: ChatLiveStatus }) {
  const t = useTranslations('chat.live');
  const tone = status === 'live' ? 'bg-success' : status === 'ended' ? 'bg-danger' : 'bg-warning';
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-fg-muted" aria-live="polite" data-live-status={status}>
      <span aria-hidden="true" className={`size-2 rounded-full ${tone}`} />
      {t(status)}
    </span>
  );
}

function Tick({ message }: { message: ChatMessage }) {
  const t = useTranslations('chat.ticks');
  const tick = tickOf(message);
  return (
    <span data-tick={tick} title={t(tick)} className={`ms-1 inline-flex items-center ${tick === 'read' ? 'text-primary-text' : 'text-fg-muted'}`}>
      <span aria-hidden="true">{tick === 'sent' ? '✓' : '✓✓'}</span>
      <span className="sr-only">{t(tick)}</span>
    </span>
  );
}

function ThreadView({
  thread,
  onRetry,
  onLoadEarlier,
  base,
  conversationId,
  onSent,
}: {
  thread: Thread | null;
  onRetry: () => void;
  onLoadEarlier: () => Promise<void>;
  base: string;
  conversationId: string;
  onSent: (message: ChatMessage, conversation: ChatConversation) => void;
}) {
  const t = useTranslations('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const keepFromBottom = useRef<number | null>(null);
  const stick = useRef(true);
  const messages = thread?.messages ?? [];
  const lastId = lastMessageId(messages);

  // Older messages added above: the view stays where it was. A new one below: follow it when at the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastId]);

  const earlier = async () => {
    const el = scroller.current;
    if (loadingEarlier || !thread?.more) return;
    setLoadingEarlier(true);
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    try {
      await onLoadEarlier();
    } catch {
      keepFromBottom.current = null;
    } finally {
      setLoadingEarlier(false);
    }
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < 40 && thread?.more && !loadingEarlier) void earlier();
  };

  if (!thread || thread.state === 'loading') return <p className="py-8 text-center text-sm text-fg-muted">…</p>;
  if (thread.state === 'failed')
    return (
      <Alert>
        {t('loadFailed')}{' '}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Alert>
    );
  return (
    <div className="flex flex-col gap-3">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-[55vh] overflow-y-auto rounded-md border border-line bg-surface-muted/40 p-3"
        data-testid="chat-thread"
      >
        <div className="mb-3 text-center">
          {thread.more ? (
            <Button size="sm" variant="secondary" busy={loadingEarlier} onClick={() => void earlier()}>
              {t('loadEarlier')}
            </Button>
          ) : (
            <p className="text-xs text-fg-muted">{t('beginning')}</p>
          )}
        </div>
        <ol className="flex flex-col gap-2" aria-label={t('conversations')}>
          {messages.map((m) => (
            <li
              key={m.id}
              data-message-id={m.id}
              data-from={m.fromStaff ? 'staff' : 'peer'}
              className={`flex ${m.fromStaff ? 'justify-end' : 'justify-start'}`}
            >
              <div className={`max-w-[80%] rounded-lg px-3 py-2 text-sm shadow-sm ${m.fromStaff ? 'bg-primary-soft text-fg' : 'bg-surface text-fg'}`}>
                {m.imageUrl && (
                  // eslint-disable-next-line @next/next/no-img-element -- a picture of the chat, any size
                  <img src={m.imageUrl} alt={t('picture')} className="mb-1 max-h-48 rounded" />
                )}
                {m.body && <p className="break-words whitespace-pre-wrap">{m.body}</p>}
                <p className="mt-1 flex items-center justify-end text-[11px] text-fg-muted">
                  {m.fromStaff && <span className="me-1">{t('you')} ·</span>}
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  {m.fromStaff && <Tick message={m} />}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <Composer base={base} conversationId={conversationId} onSent={onSent} />
    </div>
  );
}

/** Enter sends, Shift+Enter is a new line; a failed send keeps the text and its id, so sending again is the same message. */
function Composer({
  base,
  conversationId,
  onSent,
}: {
  base: string;
  conversationId: string;
  onSent: (message: ChatMessage, conversation: ChatConversation) => void;
}) {
  const t = useTranslations('chat');
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const clientId = useRef<string | null>(null);

  const send = async () => {
    const body = draft.trim();
    if (!body || sending) return;
    clientId.current ??= newClientId();
    const id = clientId.current;
    setSending(true);
    setFailed(false);
    for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt += 1) {
      try {
        const answer = sendAnswerSchema.parse(await bffJson(`${base}/${conversationId}/messages`, { method: 'POST', body: { clientId: id, body } }));
        onSent(answer.data, answer.conversation);
        clientId.current = null;
        setDraft('');
        setSending(false);
        return;
      } catch (error) {
        // A refusal will not change by asking again; a lost connection or a busy server may.
        if (isBffError(error) && error.status < 500 && error.status !== 429) break;
        if (attempt < SEND_ATTEMPTS - 1) await sleep(400 * 2 ** attempt);
      }
    }
    setSending(false);
    setFailed(true);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      className="flex flex-col gap-2"
    >
      {failed && <Alert>{t('sendFailed')}</Alert>}
      <label htmlFor="chat-composer" className="text-xs font-medium text-fg-muted">
        {t('composer')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id="chat-composer"
          rows={2}
          value={draft}
          maxLength={2000}
          aria-describedby="chat-composer-hint"
          onChange={(e) => {
            setDraft(e.target.value);
            // Other words are another message: a new id.
            if (failed) clientId.current = null;
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          className="min-h-10 flex-1 resize-y rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
        />
        <Button type="submit" busy={sending} disabled={!draft.trim()}>
          {sending ? t('sending') : t('send')}
        </Button>
      </div>
      <p id="chat-composer-hint" className="text-xs text-fg-muted">
        {t('composerHint')}
      </p>
    </form>
  );
}
