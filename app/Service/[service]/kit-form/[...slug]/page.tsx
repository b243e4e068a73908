import { kitRoutePage } from '@/app/_components/shell/kit-page';
import { ResourceFormScreen } from '@/app/_components/resource/form-screen';

/** The resource kit's Add and View pages, and a list's inline form (next.config.ts rewrites them here). */
const page = kitRoutePage('form', ResourceFormScreen);
export const generateMetadata = page.generateMetadata;
export default page.KitPage;
