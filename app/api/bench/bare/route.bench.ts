/**
 * A route handler that only answers JSON: the framework's own cost, the baseline of `npm run bench:bff`. Built only
 * with BENCH_ROUTES=1 (next.config.ts `pageExtensions`), never into a production build.
 */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: true, data: [] });
}
