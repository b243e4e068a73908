import { CheckOrderScreen } from '@/app/_components/orders/check-order';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Find an order by its number or the member's phone. */
const page = screenPage('/Check/Order', CheckOrderScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
