import { ProfileScreen } from '@/app/_components/profile/profile-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** The user's own profile, on the service side. */
const page = screenPage('/Profile', ProfileScreen, { messages: ['profile', 'resource', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
