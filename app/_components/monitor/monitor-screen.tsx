import 'server-only';
import { getTranslations } from 'next-intl/server';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';

export async function MonitorScreen({ ctx }: ScreenProps) {
  const t = await getTranslations('shell.page');
  return (
    <PageFrame route={ctx.route}>
      <Card>
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      </Card>
    </PageFrame>
  );
}
