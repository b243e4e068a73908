/** The Check/Order search: an order number (any case) or a member's phone (spaces and dashes ignored). */
export function normalizeCheckQuery(raw: string | string[] | undefined): string {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 50) ?? '';
  if (/^[\d\s+()-]+$/.test(value)) return value.replace(/[\s()-]/g, '');
  if (/^[FPfp]\d{6}-\d{1,7}$/.test(value)) return value.toUpperCase();
  return value;
}
