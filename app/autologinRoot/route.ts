import type { NextRequest } from 'next/server';
import { handleAutologin } from '@/lib/server/autologin';

/** GET /autologinRoot?token=T[&to=/path] (ARCHITECTURE.md section 5). */
export function GET(request: NextRequest) {
  return handleAutologin(request, 'root');
}
