import 'server-only';
import { getTranslations } from 'next-intl/server';
import { CHAT_PEER_KINDS, CHAT_SORTS, chatListAnswerSchema } from '@contract/resources/chat';
import { parseListQuery } from '@/lib/resources/list-query';
import type { FilterDef } from '@/lib/resources/kit';
import { fetchForPage } from '@/lib/server/page-fetch';
import { ListControls } from '../resource/list-controls';
import { Pagination } from '../resource/pagination';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { ChatBoard } from './chat-board';

const NS = 'chat';
/** The list's view in the URL: the peer's name, its kind, the order, the page. */
const VIEW = {
  sortFields: [...CHAT_SORTS],
  defaultSort: { sort: 'unread', order: 'desc' as const },
  filters: [
    { field: 'peerKind', label: 'peerKind', kind: 'select', options: CHAT_PEER_KINDS.map((k) => ({ value: k, label: `${NS}.kinds.${k}` })) },
    { field: 'sort', label: 'sortLabel', kind: 'select', options: CHAT_SORTS.map((s) => ({ value: s, label: `${NS}.sorts.${s}` })) },
  ] satisfies FilterDef[],
};

const conversationParam = (value: string | string[] | undefined) => (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? value : null);

/**
 * `/Service/{service}/Chat`: the conversations (search, kind, order and page in the URL) read on the server, then
 * the board keeps them and the open thread (`?c=`) live through `/api/live/{service}?channel=chat`.
 */
export async function ChatScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const t = await getTranslations(NS);
  const service = ctx.route.service;
  if (!service || service === 'Admin') throw new Error(`Chat is a service screen: ${ctx.route.pattern}`);
  const query = parseListQuery(VIEW, searchParams);
  const upstreamQuery: Record<string, string> = { page: String(query.page), pageSize: String(query.pageSize), sort: query.sort };
  if (query.q) upstreamQuery.q = query.q;
  if (query.filters.peerKind) upstreamQuery.peerKind = query.filters.peerKind;
  const list = await fetchForPage(`/api/admin/${service}/Chat`, { schema: chatListAnswerSchema, query: upstreamQuery, returnTo: pathname });
  const listKey = JSON.stringify(upstreamQuery);
  return (
    <PageFrame route={ctx.route} description={t('description')}>
      <ChatBoard
        key={listKey}
        service={service}
        listQuery={upstreamQuery}
        initial={list}
        selected={conversationParam(searchParams.c)}
        filtered={Boolean(query.q || query.filters.peerKind)}
        controls={<ListControls namespace={NS} filters={VIEW.filters} filterOptions={{}} search={{ label: 'search', placeholder: 'searchPlaceholder' }} />}
        pagination={<Pagination pathname={pathname} query={query} total={list.total} defaults={VIEW} />}
      />
    </PageFrame>
  );
}
