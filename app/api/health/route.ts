import { NextResponse } from 'next/server';

/** Liveness: the portal process answers (a container runtime restarts it when it does not). */
export function GET() {
  return NextResponse.json({ status: true }, { headers: { 'cache-control': 'no-store' } });
}
