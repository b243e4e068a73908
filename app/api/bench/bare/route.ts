/** A route handler that only answers JSON: the framework's own cost, the baseline of `npm run bench:bff`. */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: true, data: [] });
}
