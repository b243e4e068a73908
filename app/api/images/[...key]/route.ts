import type { NextRequest } from 'next/server';
import { relayImage } from '@/lib/server/images';

/** Uploaded images and their thumbnails, from the Platform API (lib/server/images.ts). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ key: string[] }> }) {
  const { key } = await params;
  return relayImage(key, request.headers.get('if-none-match'));
}
