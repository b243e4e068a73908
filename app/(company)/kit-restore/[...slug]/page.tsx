import { kitRoutePage } from '@/app/_components/shell/kit-page';
import { ResourceRestoreScreen } from '@/app/_components/resource/restore-list';

/** The company area's deleted rows of a list (next.config.ts rewrites them here). */
const page = kitRoutePage('restore', ResourceRestoreScreen);
export const generateMetadata = page.generateMetadata;
export default page.KitPage;
