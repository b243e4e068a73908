import 'server-only';
import { z } from 'zod';
import type { ServiceName } from '@/lib/routes';
import { fetchForPage } from '@/lib/server/page-fetch';
import { isUpstreamError } from '@/lib/server/upstream';
import { countsOf, type DashboardCount } from './dashboard-counts';

export type DashboardCounts = { ok: true; counts: DashboardCount[] } | { ok: false; status: number };

/** `GET /api/admin/Dashboard` and `GET /api/admin/{Service}/Dashboard`: `{status:true, data:{<name>: count, …}}`. */
export const dashboardAnswerSchema = z.object({
  status: z.literal(true),
  data: z.record(z.string(), z.unknown()),
});

/**
 * The counts of a dashboard. An answer the upstream refuses (403, 404…) leaves the frame usable with a notice;
 * a session that ended redirects (through `fetchForPage`), an unreachable upstream throws to the error page.
 */
export async function getDashboardCounts(area: 'company' | ServiceName, returnTo: string): Promise<DashboardCounts> {
  const path = area === 'company' ? '/api/admin/Dashboard' : `/api/admin/${area}/Dashboard`;
  try {
    const answer = await fetchForPage(path, { schema: dashboardAnswerSchema, returnTo });
    return { ok: true, counts: countsOf(answer.data) };
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'failed') return { ok: false, status: error.status };
    throw error;
  }
}
