import { useTranslations } from 'next-intl';
import { isBffError } from '@/lib/resources/bff-client';

/**
 * Why a wallet action failed, in the user's language; null for a 400 (its fields say it, beside what was typed).
 * `bonus`: an insufficient balance is then the platform's wallet's.
 */
export function useActionFailure(): (error: unknown, bonus?: boolean) => string | null {
  const t = useTranslations('wallet.actions.errors');
  const tr = useTranslations('resource');
  return (error, bonus = false) => {
    if (!isBffError(error)) return t('failed');
    if (error.status === 400) return null;
    if (error.status === 403) return tr('notAllowed');
    if (error.status === 404) return t('gone');
    if (error.message === 'INSUFFICIENT_BALANCE') return bonus ? t('insufficientBonus') : t('insufficient');
    if (error.message === 'TRANSACTION_NOT_PENDING') return t('notPending');
    if (error.message === 'IDEMPOTENCY_KEY_REUSED') return t('keyReused');
    return t('failed');
  };
}
