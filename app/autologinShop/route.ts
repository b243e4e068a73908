import type { NextRequest } from 'next/server';
import { handleAutologin, handleAutologinPost } from '@/lib/server/autologin';

/** GET /autologinShop?token=T[&to=/path] (ARCHITECTURE.md section 5); POST from the confirmation page. */
export function GET(request: NextRequest) {
  return handleAutologin(request, 'shop');
}

export function POST(request: NextRequest) {
  return handleAutologinPost(request, 'shop');
}
