import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { z } from 'zod';
import { currencyFormatSchema, DEFAULT_CURRENCY, type CurrencyFormat } from '@contract/resources/currency';
import { SERVICE_HEADER } from './currency-header';
import { isService } from '@contract/access';
import { getSession } from './session';
import { upstreamFetch } from './upstream';

const answerSchema = z.object({ status: z.literal(true), data: currencyFormatSchema });

/**
 * How money is written on a service's screens (`/Currency`), once per request. Every user of the service may read
 * it; without a session, or when the upstream does not answer, the spec's format (the screen still renders).
 */
export const getCurrency = cache(async (service: string): Promise<CurrencyFormat> => {
  const session = await getSession();
  if (!session) return DEFAULT_CURRENCY;
  try {
    return (await upstreamFetch(`/api/admin/${encodeURIComponent(service)}/Currency/format`, { schema: answerSchema, session })).data;
  } catch {
    return DEFAULT_CURRENCY;
  }
});

/** The money format of the page being rendered: its service's (proxy.ts names it), else the spec's. */
export async function getPageCurrency(): Promise<CurrencyFormat> {
  const service = (await headers()).get(SERVICE_HEADER);
  return service && isService(service) ? getCurrency(service) : DEFAULT_CURRENCY;
}
