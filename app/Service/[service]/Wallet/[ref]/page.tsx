import { WalletTransactionScreen } from '@/app/_components/wallets/wallet-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One wallet transaction (the Wallet Monitoring lists beside it render as the catch-all would). */
const page = screenPage('/Wallet/[ref]', WalletTransactionScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
