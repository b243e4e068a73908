import { BikerScreen } from '@/app/_components/accounts/account-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** A biker's page. */
const page = screenPage('/Member/Biker/View/[id]', BikerScreen, { messages: ['accounts'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
