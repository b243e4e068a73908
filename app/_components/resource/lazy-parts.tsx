'use client';

import dynamic from 'next/dynamic';

/**
 * The resource kit's parts that only some pages show, each in a chunk of its own, so a list page loads the list's
 * code alone: hand ordering (dnd-kit), the week editor, shop status changes and registration rejects (with their
 * schemas and dialogs). Rendered on the server like any component; the browser loads a part where a page shows it.
 * The resource form itself is not among them: loaded late, it would hydrate late, and what a person typed before
 * that would be reset.
 */
export const SortList = dynamic(() => import('./sort-list').then((m) => m.SortList));
export const TimeShopForm = dynamic(() => import('./time-shop-form').then((m) => m.TimeShopForm));
export const ShopStatusChanger = dynamic(() => import('./shop-status-changer').then((m) => m.ShopStatusChanger));
export const RejectButton = dynamic(() => import('./reject-button').then((m) => m.RejectButton));
export const RowAction = dynamic(() => import('./row-action').then((m) => m.RowAction));
