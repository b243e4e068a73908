import 'server-only';
import { getTimeZone } from 'next-intl/server';
import { dayIn } from '@/lib/dashboard/days';
import { toDashboardModel, type DashboardModel } from '@/lib/dashboard/model';
import { dashboardAnswerSchema } from '@/lib/dashboard/schema';
import type { ServiceName } from '@/lib/routes';
import { fetchForPage } from '@/lib/server/page-fetch';
import { isUpstreamError } from '@/lib/server/upstream';

export type DashboardResult = { ok: true; dashboard: DashboardModel } | { ok: false; status: number };

/**
 * A dashboard's figures: `GET /api/admin/Dashboard` (the company) or `GET /api/admin/{service}/Dashboard`; the
 * upstream scopes both to what the caller may see (staff: their own area). An answer the upstream refuses (403,
 * 404…) leaves the page usable with a notice; a session that ended redirects (through `fetchForPage`), an
 * unreachable upstream throws to the error page.
 */
export async function getDashboard(area: 'company' | ServiceName, returnTo: string): Promise<DashboardResult> {
  const path = area === 'company' ? '/api/admin/Dashboard' : `/api/admin/${area}/Dashboard`;
  try {
    const answer = await fetchForPage(path, { schema: dashboardAnswerSchema, returnTo });
    // Today is the company's: its time zone, which the portal shows every time in.
    return { ok: true, dashboard: toDashboardModel(answer.data, dayIn(new Date(), await getTimeZone())) };
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'failed') return { ok: false, status: error.status };
    throw error;
  }
}
