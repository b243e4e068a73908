import { PaymentAreaScreen } from '@/app/_components/payments/payment-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One area's payment providers. */
const page = screenPage('/Setting/Bank/View/[areaId]', PaymentAreaScreen, { messages: ['payments', 'resource', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
