import { MemberScreen } from '@/app/_components/accounts/account-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** A member's page (admins only). */
const page = screenPage('/Members/View/[id]', MemberScreen, { messages: ['accounts', 'bikerAccount'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
