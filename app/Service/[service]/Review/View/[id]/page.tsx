import { ReviewViewScreen } from '@/app/_components/reviews/review-view';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One review of a shop: the review, the shop's average and distribution, Hide / Unhide. */
const page = screenPage('/Review/View/[id]', ReviewViewScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
