import { PaymentHistoryScreen } from '@/app/_components/payments/payment-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** The changes of one provider's settings of an area. */
const page = screenPage('/Setting/Bank/View/[areaId]/Config/[provider]/History', PaymentHistoryScreen, { messages: ['payments', 'resource', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
