import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import type { CompanyDistanceUnit } from '@contract/distance-units';
import { companyBrandSchema, type CompanyBrand } from '@contract/resources/system-settings';
import { processSingleton } from './process-state';
import { getSession } from './session';
import { upstreamFetch } from './upstream';

const answerSchema = z.object({ status: z.literal(true), data: companyBrandSchema });

/**
 * How long an instance keeps a company's brand before asking again. A save through this instance's BFF forgets it at
 * once (`forgetCompanyBrand`); another instance shows the change within this window.
 */
export const BRAND_CACHE_MS = 30_000;
// One map per process: the pages and the BFF's route handler are bundled separately and must share it.
const kept = () => processSingleton('company-brands', () => new Map<string, { at: number; brand: CompanyBrand }>());

/** Called by the BFF after System settings were saved: the next page of that company reads them again. */
export function forgetCompanyBrand(companyId: string): void {
  kept().delete(companyId);
}

/**
 * The signed-in user's company as System settings (`Setting/System`) left it: the name and logo the frame shows, the
 * language a browser that has not chosen one starts in, the time zone and units. Kept per company for
 * `BRAND_CACHE_MS` (every page's frame reads it); null without a session or when the upstream does not answer (the
 * frame then shows the product's own brand).
 */
export const getCompanyBrand = cache(async (): Promise<CompanyBrand | null> => {
  const session = await getSession();
  if (!session) return null;
  const company = session.companies;
  const hit = kept().get(company);
  if (hit && Date.now() - hit.at < BRAND_CACHE_MS) return hit.brand;
  try {
    const brand = (await upstreamFetch('/api/admin/Brand', { schema: answerSchema, session })).data;
    kept().set(company, { at: Date.now(), brand });
    return brand;
  } catch {
    return null;
  }
});

/** The company's distance unit (System settings), the one distances are shown and typed in; km when unknown. */
export async function getDistanceUnit(): Promise<CompanyDistanceUnit> {
  return (await getCompanyBrand())?.distanceUnit ?? 'km';
}
