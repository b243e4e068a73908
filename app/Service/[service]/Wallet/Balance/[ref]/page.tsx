import { WalletBalanceScreen } from '@/app/_components/wallets/wallet-screens';
import { screenPage } from '@/app/_components/shell/screen-page';

/** One wallet's balance and its transactions (the Wallet Balance lists beside it render as the catch-all would). */
const page = screenPage('/Wallet/Balance/[ref]', WalletBalanceScreen, { messages: [] });
export const generateMetadata = page.generateMetadata;
export default page.ScreenPage;
