import { BikerImportScreen } from '@/app/_components/imports/import-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Import bikers from a CSV or XLSX file. */
const page = screenPage('/Import/Biker', BikerImportScreen, { messages: ['imports', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
