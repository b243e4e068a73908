import { kitRoutePage } from '@/app/_components/shell/kit-page';
import { ResourceConfigScreen } from '@/app/_components/resource/config-page';

/** The resource kit's settings pages (next.config.ts rewrites them here). */
const page = kitRoutePage('config', ResourceConfigScreen);
export const generateMetadata = page.generateMetadata;
export default page.KitPage;
