import type { NextRequest } from 'next/server';
import { handleLive } from '@/lib/server/live';

/** Server-sent events of the Task Monitoring screen (lib/server/live.ts); the upstream token stays on the server. */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: NextRequest, { params }: { params: Promise<{ service: string }> }) {
  const { service } = await params;
  return handleLive(request, service);
}
