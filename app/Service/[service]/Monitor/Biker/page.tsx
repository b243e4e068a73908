import { MonitorScreen } from '@/app/_components/monitor/monitor-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Task Monitoring: the live map and board of bikers and waiting orders. */
const page = screenPage('/Monitor/Biker', MonitorScreen, { messages: ['monitor', 'map', 'orders', 'status'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
