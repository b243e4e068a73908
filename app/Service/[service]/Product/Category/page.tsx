import { ProductCategoryScreen } from '@/app/_components/catalogue/category-screen';
import { screenPage } from '@/app/_components/shell/screen-page';

/** Marketplace's product category tree: add, rename, delete and order each parent's children by hand. */
const page = screenPage('/Product/Category', ProductCategoryScreen, { messages: ['productCategory', 'resource', 'validation'] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
