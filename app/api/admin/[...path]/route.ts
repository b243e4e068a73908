import type { NextRequest } from 'next/server';
import { handleBff } from '@/lib/server/bff';

/** The BFF: the browser's only door to the upstream (lib/server/bff.ts). */
export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleBff(request);
}

export function POST(request: NextRequest) {
  return handleBff(request);
}

export function PUT(request: NextRequest) {
  return handleBff(request);
}

export function PATCH(request: NextRequest) {
  return handleBff(request);
}

export function DELETE(request: NextRequest) {
  return handleBff(request);
}
