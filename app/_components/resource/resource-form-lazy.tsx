'use client';

import dynamic from 'next/dynamic';

/**
 * The resource form, in a chunk of its own: a list page loads it (and the zod schemas it checks with) only when it
 * shows a form (`?new=1`, `?edit=`), and a view page as it renders. Rendered on the server like any component.
 */
export const ResourceForm = dynamic(() => import('./resource-form').then((m) => m.ResourceForm));
