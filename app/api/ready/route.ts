import { NextResponse } from 'next/server';
import { readiness } from '@/lib/server/readiness';

/** Readiness: 200 when this instance can serve (docs in lib/server/readiness.ts), else 503 so a load balancer skips it. */
export async function GET() {
  const answer = await readiness();
  return NextResponse.json({ status: answer.ready, checks: answer.checks }, { status: answer.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
