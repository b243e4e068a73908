'use client';

import dynamic from 'next/dynamic';
import { loadChunk } from '@/lib/chunk-load';

/**
 * Widgets of a few lists, declared here so a list page's JavaScript carries only these stubs: a server component's own
 * `dynamic()` would still put the widget's code in every list page's chunks. Each loads with the first list that shows it.
 */
export const LiveRefresh = dynamic(() => loadChunk(() => import('../support/live-refresh').then((m) => m.LiveRefresh)));
export const GrantPointsButton = dynamic(() => loadChunk(() => import('../points/grant-points-button').then((m) => m.GrantPointsButton)));
