import { OrderViewScreen } from '@/app/_components/orders/order-view';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One food order: items, money, timeline, map; cancel and biker change. */
const page = screenPage('/Orders/View/[id]', OrderViewScreen, { messages: ['map'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
