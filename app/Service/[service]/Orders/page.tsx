import { OrdersListScreen } from '@/app/_components/orders/orders-list';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Food orders: the list with its filters in the URL. */
const page = screenPage('/Orders', OrdersListScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
