import { ChatScreen } from '@/app/_components/chat/chat-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Chat with the app's shops, bikers and members, live. */
const page = screenPage('/Chat', ChatScreen, { messages: ['resource', 'chat'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
