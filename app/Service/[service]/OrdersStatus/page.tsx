import { OrdersStatusScreen } from '@/app/_components/orders/orders-status';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Orders per status. */
const page = screenPage('/OrdersStatus', OrdersStatusScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
