import { OrderViewScreen } from '@/app/_components/orders/order-view';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One parcel order: items, money, timeline, map; cancel and biker change. */
const page = screenPage('/OrdersMessenger/View/[id]', OrderViewScreen, { messages: ['map'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
