import 'server-only';
import { z } from 'zod';
import { getFormatter, getTranslations } from 'next-intl/server';
import { permissionChangeSchema, staffContract } from '@contract/resources/users';
import { permissionListSchema } from '@/lib/permissions';
import { fetchData, listAnswerSchema } from '@/lib/resources/server';
import { fetchForPage } from '@/lib/server/page-fetch';
import { matrixRows } from '@/lib/users/permission-matrix';
import { Card } from '../ui/card';
import { PermissionMatrix } from './permission-matrix';

const STAFF = '/api/admin/Users/Staff';

/**
 * A staff member's access on their view page: the permission matrix of their service and the recorded changes of it
 * (who turned which flag on or off, and when).
 */
export async function StaffAccess({ row, canWrite, returnTo }: { row: Record<string, unknown>; canWrite: boolean; returnTo: string }) {
  const t = await getTranslations('users.matrix');
  const nav = await getTranslations('nav');
  const format = await getFormatter();
  const uid = String(row.id);
  const service = row.AppType === 'Marketplace' ? 'Marketplace' : 'Delivery';
  const [list, history, same] = await Promise.all([
    fetchData(`${STAFF}/${encodeURIComponent(uid)}/permission`, permissionListSchema, returnTo),
    fetchData(`${STAFF}/${encodeURIComponent(uid)}/permission/history`, z.array(permissionChangeSchema), returnTo),
    fetchForPage(STAFF, {
      schema: listAnswerSchema(staffContract.schemas.item),
      returnTo,
      query: { page: 1, pageSize: 100, sort: 'displayName', appid: String(row.appid ?? '') },
    }),
  ]);
  const rows = matrixRows(service);
  const labels = new Map(rows.map((r) => [r.name, nav(r.label)]));
  const others = same.data.filter((s) => s.id !== uid).map((s) => ({ id: s.id, label: `${s.displayName} (${s.username})` }));
  return (
    <div className="mt-6 space-y-6">
      <PermissionMatrix uid={uid} service={service} rows={rows} list={list} others={others} canWrite={canWrite} />
      <Card title={t('historyTitle')}>
        {history.length === 0 ? (
          <p className="text-sm text-muted">{t('historyEmpty')}</p>
        ) : (
          <ul className="space-y-1 text-sm" aria-label={t('historyTitle')}>
            {history.map((h) => (
              <li key={h.id} data-history={`${h.name}|${h.flag}|${h.value}`}>
                <time dateTime={h.at} className="me-2 text-muted">
                  {format.dateTime(new Date(h.at), { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
                {t(h.value ? 'historyGrant' : 'historyRevoke', {
                  who: h.changedBy?.displayName ?? t('someone'),
                  flag: t(`flags.${h.flag}`),
                  menu: labels.get(h.name) ?? h.name,
                })}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
