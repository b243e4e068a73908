import { kitRoutePage } from '@/app/_components/shell/kit-page';
import { ResourceSortScreen } from '@/app/_components/resource/sort-screen';

/** The resource kit's Sort pages and a list's hand ordering (next.config.ts rewrites them here). */
const page = kitRoutePage('sort', ResourceSortScreen);
export const generateMetadata = page.generateMetadata;
export default page.KitPage;
