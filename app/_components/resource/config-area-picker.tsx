import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Option } from '@/lib/resources/kit';
import { buttonClasses } from '../ui/button';
import { inputClasses } from '../ui/form-field';

/**
 * Which settings a per-area settings page shows: all areas' or one area's (`?areaId=`). A plain GET form, so it
 * works without JavaScript too.
 */
export async function ConfigAreaPicker({
  namespace,
  areas,
  areaId,
  follows,
}: {
  namespace: string;
  areas: readonly Option[];
  areaId: string;
  follows: boolean;
}) {
  const t = await getTranslations(`${namespace}.perArea`);
  return (
    <div className="mb-4 space-y-2">
      <form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="config-area" className="mb-1 block text-sm font-medium text-fg">
            {t('label')}
          </label>
          <select id="config-area" name="areaId" defaultValue={areaId} className={inputClasses()}>
            <option value="">{t('all')}</option>
            {areas.map((area) => (
              <option key={area.value} value={area.value}>
                {area.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses({ variant: 'secondary' })}>
          {t('show')}
        </button>
      </form>
      <p className="text-sm text-fg-muted">{areaId ? (follows ? t('follows') : t('own')) : t('allHint')}</p>
    </div>
  );
}
