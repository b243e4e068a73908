import { PaymentAreasScreen } from '@/app/_components/payments/payment-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** System Settings → SettingArea: each area's payment providers. */
const page = screenPage('/Setting/Bank', PaymentAreasScreen, { messages: ['payments', 'resource', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
