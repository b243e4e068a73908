'use client';

import { useEffect, useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { CHAT_PEER_KINDS, chatConversationSchema, chatPeerSchema, type ChatConversation, type ChatPeer, type ChatPeerKind } from '@contract/resources/chat';
import { bffJson } from '@/lib/resources/bff-client';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/form-field';

const peersSchema = z.object({ data: z.array(chatPeerSchema) });
const startedSchema = z.object({ data: chatConversationSchema });

/** "Start conversation": pick a shop, biker or member of the app by name; the conversation is found or begun. */
export function ChatStartDialog({
  open,
  base,
  onClose,
  onStarted,
}: {
  open: boolean;
  base: string;
  onClose: () => void;
  onStarted: (c: ChatConversation) => void;
}) {
  const t = useTranslations('chat');
  const [kind, setKind] = useState<ChatPeerKind>('shop');
  const [q, setQ] = useState('');
  const [peers, setPeers] = useState<ChatPeer[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ peerKind: kind, ...(q.trim() ? { q: q.trim() } : {}) });
        setPeers(peersSchema.parse(await bffJson(`${base}/peers?${params.toString()}`, { signal: controller.signal })).data);
      } catch {
        if (!controller.signal.aborted) setPeers([]);
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, kind, q, base]);

  const start = async (peer: ChatPeer) => {
    setBusy(peer.peerId);
    setFailed(false);
    try {
      const answer = startedSchema.parse(await bffJson(base, { method: 'POST', body: { peerKind: peer.peerKind, peerId: peer.peerId } }));
      onStarted(answer.data);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-dark/50" />
      <div className="relative w-full max-w-md">
        <DialogPanel className="w-full rounded-lg border border-line bg-surface p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-fg">{t('startTitle')}</DialogTitle>
          <div className="mt-4 flex flex-wrap gap-3">
            <div className="w-36">
              <label htmlFor="chat-start-kind" className="mb-1 block text-xs font-medium text-fg-muted">
                {t('peerKind')}
              </label>
              <select id="chat-start-kind" value={kind} onChange={(e) => setKind(e.target.value as ChatPeerKind)} className={inputClasses()}>
                {CHAT_PEER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="min-w-40 flex-1">
              <label htmlFor="chat-start-q" className="mb-1 block text-xs font-medium text-fg-muted">
                {t('startName')}
              </label>
              <input id="chat-start-q" type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} className={inputClasses()} />
            </div>
          </div>
          {failed && (
            <p role="alert" className="mt-3 text-sm text-danger-text">
              {t('startFailed')}
            </p>
          )}
          <ul className="mt-4 max-h-72 divide-y divide-line overflow-y-auto" aria-label={t('startTitle')}>
            {peers?.length === 0 && <li className="py-3 text-sm text-fg-muted">{t('startNone')}</li>}
            {peers?.map((p) => (
              <li key={`${p.peerKind}-${p.peerId}`} className="flex items-center justify-between gap-3 py-2">
                <span className="truncate text-sm text-fg">{p.name}</span>
                <Button size="sm" variant="secondary" busy={busy === p.peerId} onClick={() => void start(p)} aria-label={`${t('start')}: ${p.name}`}>
                  {t('start')}
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('close')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
