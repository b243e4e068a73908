import { LangStringsScreen } from '@/app/_components/lang-strings/lang-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Setting → Language (admin): the member, shop and biker apps' words in four languages, edited in a grid. */
const page = screenPage('/Setting/LangInApps', LangStringsScreen, { messages: ['langStrings', 'resource', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
