import { ReviewViewScreen } from '@/app/_components/reviews/review-view';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One review of a biker: the review, the biker's average and distribution, Hide / Unhide. */
const page = screenPage('/Review/Biker/View/[id]', ReviewViewScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
