import type { NextRequest } from 'next/server';
import { handleAutologin, handleAutologinPost } from '@/lib/server/autologin';

/** GET /autologinRoot?token=T[&to=/path] (ARCHITECTURE.md section 5); POST from the confirmation page. */
export function GET(request: NextRequest) {
  return handleAutologin(request, 'root');
}

export function POST(request: NextRequest) {
  return handleAutologinPost(request, 'root');
}
