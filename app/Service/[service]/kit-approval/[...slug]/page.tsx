import { kitRoutePage } from '@/app/_components/shell/kit-page';
import { ResourceApprovalScreen } from '@/app/_components/resource/approval-list';

/** The resource kit's approval lists (next.config.ts rewrites them here). */
const page = kitRoutePage('approval', ResourceApprovalScreen);
export const generateMetadata = page.generateMetadata;
export default page.KitPage;
