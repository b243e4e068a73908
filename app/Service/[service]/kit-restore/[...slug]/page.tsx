import { kitRoutePage } from '@/app/_components/shell/kit-page';
import { ResourceRestoreScreen } from '@/app/_components/resource/restore-list';

/** The resource kit's Restore pages and a list's deleted rows (next.config.ts rewrites them here). */
const page = kitRoutePage('restore', ResourceRestoreScreen);
export const generateMetadata = page.generateMetadata;
export default page.KitPage;
