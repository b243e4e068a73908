import { ServiceAreaViewScreen } from '@/app/_components/service-areas/service-area-view';
import { screenPage } from '@/app/_components/shell/screen-page';

/** System Settings → Service area: one area's form and boundary map (`View/new`: a new area). */
const page = screenPage('/Setting/ServiceArea/View/[id]', ServiceAreaViewScreen, { messages: ['auth', 'serverErrors', 'map'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
