import { inputToSatang } from '@/lib/resources/form-values';

/**
 * The amount an operator types for a wallet action, in minor units without floats: `'120.5'` → 12050; a correction
 * may start with a minus sign (`'-3'` → -300). Null when it is not an amount (or is 0, or negative where it may not be).
 */
export function parseActionAmount(text: string, signed: boolean): number | null {
  const trimmed = text.trim().replace(/^[−–]/, '-');
  const negative = trimmed.startsWith('-');
  if (negative && !signed) return null;
  const minor = inputToSatang(negative ? trimmed.slice(1) : trimmed);
  if (minor === null || minor === 0) return null;
  return negative ? -minor : minor;
}
