import { ReportScreen } from '@/app/_components/reports/report-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Report/Admin, Report/Shop, Report/Biker, Report/TopShop and the Marketplace's Report/All. */
const page = screenPage('/Report/[view]', ReportScreen, { messages: ['reports'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
