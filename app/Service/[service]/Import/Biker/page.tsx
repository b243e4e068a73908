import { ImportScreen } from '@/app/_components/imports/import-screen';
import { screenPage } from '@/app/_components/shell/screen-page';
import type { ScreenProps } from '@/app/_components/shell/screens';

/** Import bikers from a CSV or XLSX file. */
const page = screenPage('/Import/Biker', (props: ScreenProps) => <ImportScreen {...props} kind="biker" />);
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
