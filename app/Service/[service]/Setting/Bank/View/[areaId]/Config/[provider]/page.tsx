import { PaymentConfigScreen } from '@/app/_components/payments/payment-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One provider's settings of an area. */
const page = screenPage('/Setting/Bank/View/[areaId]/Config/[provider]', PaymentConfigScreen, { messages: ['payments', 'resource', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
