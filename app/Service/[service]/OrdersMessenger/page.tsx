import { OrdersListScreen } from '@/app/_components/orders/orders-list';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Parcel orders: the list with its filters in the URL. */
const page = screenPage('/OrdersMessenger', OrdersListScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
