import type { NextRequest } from 'next/server';
import { handleAutologin } from '@/lib/server/autologin';

/** GET /autologinPortal?token=T[&to=/path] (ARCHITECTURE.md section 5). */
export function GET(request: NextRequest) {
  return handleAutologin(request, 'portal');
}
