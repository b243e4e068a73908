import type { ReactNode } from 'react';
import { AppShell } from '@/app/_components/shell/app-shell';

/** The company area (rule admin): its side menu, navbar and main region. */
export default function CompanyLayout({ children }: { children: ReactNode }) {
  return <AppShell area="company">{children}</AppShell>;
}
