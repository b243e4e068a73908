/**
 * The validation message codes: the Platform API answers them in `errors` (`{field: [code]}`), the form and the BFF
 * produce the same ones from the same schemas, and the portal translates them below `validation.`.
 */
export const VALIDATION_CODES = [
  'required',
  'tooLong50',
  'tooLong100',
  'tooLong200',
  'moreThan4',
  'invalidEmail',
  'invalidPhone',
  'invalidUrl',
  'invalidDate',
  'notNegative',
  'integer',
  'outOfRange',
  'invalidTime',
  'closeBeforeOpen',
  'endBeforeStart',
  'overlap',
  'exceedsPackageLimit',
  'invalidTransition',
  'unknownReference',
  'invalidLatLng',
  'taken',
  'invalidTaxId',
  'distanceError',
  'distanceOverLimit',
  'weightOverLimit',
  'bandGap',
  'bandOverlap',
  'incompleteSettings',
  'invalidAccountNumber',
  'sameSeparators',
  'passwordMismatch',
  'moreThan7',
  'wrongPassword',
  'invalidPhoto',
  'invalidUsername',
  'lastRoot',
  'applicationLimit',
  'insufficientPoints',
  'outOfStock',
  'giftUnavailable',
  'voucherExpired',
  'voucherUsedUp',
  'voucherPerUserLimit',
  'voucherNotForShop',
  'voucherFirstOrderOnly',
  'voucherOrderTooSmall',
  'invalidVoucherCode',
  'notAnImage',
  'imageTooLarge',
  'imageTooManyPixels',
  'productLimit',
  'soldOut',
  'categoryTooDeep',
  'categoryCycle',
  'duplicateSku',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** The codes by name, for `CODES.required` style use. */
export const CODES = Object.fromEntries(VALIDATION_CODES.map((code) => [code, code])) as { readonly [K in ValidationCode]: K };

const KNOWN = new Set<string>(VALIDATION_CODES);
export const isValidationCode = (value: string): value is ValidationCode => KNOWN.has(value);

/** The answer messages of ARCHITECTURE.md section 4. */
export const API_MESSAGES = {
  notFound: 'NOT_FOUND_DATA',
  conflict: 'CONFLICT',
  forbidden: 'You are not authorized',
} as const;
