import 'server-only';
import { getTranslations } from 'next-intl/server';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';

async function Pending({ ctx }: ScreenProps) {
  const t = await getTranslations('shell.page');
  return (
    <PageFrame route={ctx.route}>
      <Card>
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      </Card>
    </PageFrame>
  );
}

export const OrdersListScreen = Pending;
export const OrderViewScreen = Pending;
export const OrdersStatusScreen = Pending;
export const CheckOrderScreen = Pending;
