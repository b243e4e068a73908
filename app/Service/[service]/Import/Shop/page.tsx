import { ImportScreen } from '@/app/_components/imports/import-screen';
import { screenPage } from '@/app/_components/shell/screen-page';
import type { ScreenProps } from '@/app/_components/shell/screens';

/** Import shops from a CSV or XLSX file. */
const page = screenPage('/Import/Shop', (props: ScreenProps) => <ImportScreen {...props} kind="shop" />);
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
