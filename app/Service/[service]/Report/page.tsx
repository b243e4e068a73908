import { ReportScreen } from '@/app/_components/reports/report-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** The overview report. */
const page = screenPage('/Report', ReportScreen, { messages: ['reports'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
