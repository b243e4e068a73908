import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { isServiceName } from '@/app/_components/shell/side-menu-model';
import { AppShell } from '@/app/_components/shell/app-shell';
import { CurrencyProvider } from '@/app/_components/ui/currency';
import { getCurrency } from '@/lib/server/currency';

/** One layout for Delivery and Marketplace: the service's side menu, navbar and main region, and its money format. */
export default async function ServiceLayout({ children, params }: { children: ReactNode; params: Promise<{ service: string }> }) {
  const { service } = await params;
  if (!isServiceName(service)) notFound();
  const currency = await getCurrency(service);
  return (
    <AppShell area={service}>
      <CurrencyProvider value={currency}>{children}</CurrencyProvider>
    </AppShell>
  );
}
