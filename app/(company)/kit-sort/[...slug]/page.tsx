import { kitRoutePage } from '@/app/_components/shell/kit-page';
import { ResourceSortScreen } from '@/app/_components/resource/sort-screen';

/** The company area's hand ordering of a list (next.config.ts rewrites them here). */
const page = kitRoutePage('sort', ResourceSortScreen);
export const generateMetadata = page.generateMetadata;
export default page.KitPage;
