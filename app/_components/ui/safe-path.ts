/**
 * A same-origin path to navigate to, or the fallback: one leading `/` (not `//`, not `/\`), no control characters.
 * The server sanitises redirects too; the browser checks again before it follows one.
 */
export function safePath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}
