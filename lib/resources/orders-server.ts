import 'server-only';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { OrderKind } from '@/lib/orders/lifecycle';
import { fetchForPage } from '@/lib/server/page-fetch';
import { isUpstreamError } from '@/lib/server/upstream';
import {
  bikerOptionSchema,
  orderDetailSchema,
  orderRowSchema,
  orderStatusCountsSchema,
  type BikerOption,
  type OrderDetail,
  type OrderRow,
} from './orders-schemas';
import { listAnswerSchema, oneAnswerSchema } from './server';

/** Reads of the order screens (docs/orders.md section 4), scoped by the upstream from the session's token. */

/** An order's detail; a missing order, one outside the user's scope or a malformed id goes to the 404 page. */
export async function fetchOrderDetail(service: string, list: 'Orders' | 'OrdersMessenger', id: string, returnTo: string): Promise<OrderDetail> {
  try {
    const answer = await fetchForPage(`/api/admin/${service}/${list}/${encodeURIComponent(id)}`, { schema: oneAnswerSchema(orderDetailSchema), returnTo });
    return answer.data;
  } catch (error) {
    if (isUpstreamError(error) && (error.status === 404 || error.status === 400)) redirect('/pages/error-404');
    throw error;
  }
}

/** The counts, whether the upstream answers them bare or in `data`. */
const countsAnswerSchema = z.union([z.object({ data: orderStatusCountsSchema }).transform((a) => a.data), orderStatusCountsSchema]);

export interface StatusCountsQuery {
  kind: OrderKind;
  from?: string;
  to?: string;
}

/** Orders per status of one kind (optionally in a date range) and their total. */
export async function fetchOrderStatusCounts(service: string, query: StatusCountsQuery, returnTo: string) {
  const params: Record<string, string> = { kind: query.kind };
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  return fetchForPage(`/api/admin/${service}/OrdersStatus`, { schema: countsAnswerSchema, returnTo, query: params });
}

/** Up to 20 orders of both kinds whose number or member phone is `q`. */
export async function fetchCheckOrders(service: string, q: string, returnTo: string): Promise<OrderRow[]> {
  const answer = await fetchForPage(`/api/admin/${service}/Check/Order`, { schema: z.object({ data: z.array(orderRowSchema) }), returnTo, query: { q } });
  return answer.data;
}

/** The active bikers of an area for the assignment select (first 100 by name); a user who may not read them gets none. */
export async function fetchBikers(service: string, areaId: string | null | undefined, returnTo: string): Promise<BikerOption[]> {
  const query: Record<string, string | number> = { page: 1, pageSize: 100, sort: 'name', order: 'asc', status: 'active' };
  if (areaId) query.areaId = areaId;
  try {
    const answer = await fetchForPage(`/api/admin/${service}/Member/Biker`, { schema: listAnswerSchema(bikerOptionSchema), returnTo, query });
    return answer.data;
  } catch (error) {
    if (isUpstreamError(error) && (error.status === 403 || error.status === 400)) return [];
    throw error;
  }
}
