import { SupportViewScreen } from '@/app/_components/support/support-view';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One ticket: its facts, status / assignee / priority, the thread with its pictures, and the reply form. */
const page = screenPage('/SupportFromPortal/View/[id]', SupportViewScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
