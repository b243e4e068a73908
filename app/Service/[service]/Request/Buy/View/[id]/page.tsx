import { PurchaseRequestViewScreen } from '@/app/_components/purchase-requests/purchase-request-view';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One member's purchase request: the member, the request, its images and answer, Quote and Close. */
const page = screenPage('/Request/Buy/View/[id]', PurchaseRequestViewScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
