'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { useLocale } from 'next-intl';
import { DEFAULT_CURRENCY, type CurrencyFormat } from '@contract/resources/currency-format';
import { formatMoney } from '@/lib/format';

const CurrencyContext = createContext<CurrencyFormat>(DEFAULT_CURRENCY);

/** The service's currency format for the client parts below it (the service layout provides it). */
export function CurrencyProvider({ value, children }: { value: CurrencyFormat; children: ReactNode }) {
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

/** Formats integer satang the way the service writes money, in the user's language. */
export function useMoney(): (minorUnits: number | bigint) => string {
  const currency = useContext(CurrencyContext);
  const locale = useLocale();
  return (minorUnits) => formatMoney(minorUnits, locale, currency);
}
