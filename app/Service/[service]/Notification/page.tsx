import { NotificationScreen } from '@/app/_components/notifications/notification-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Everything behind the bell: read / unread, kind, mark all read. */
const page = screenPage('/Notification', NotificationScreen, { messages: ['resource'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
