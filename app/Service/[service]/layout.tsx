import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { isServiceName } from '@/app/_components/shell/side-menu-model';
import { AppShell } from '@/app/_components/shell/app-shell';

/** One layout for Delivery and Marketplace: the service's side menu, navbar and main region. */
export default async function ServiceLayout({ children, params }: { children: ReactNode; params: Promise<{ service: string }> }) {
  const { service } = await params;
  if (!isServiceName(service)) notFound();
  return <AppShell area={service}>{children}</AppShell>;
}
