/**
 * A key for one user action (a grant, a posting, a reply), made once when the form opens: a double click or a retry
 * sends the same key, and the Platform API applies the action once.
 */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
