import 'server-only';
import { RESOURCES, type ResourceKey, type ResourcePage } from '@/lib/resources';
import type { ResourceModule } from '@/lib/resources/kit';
import { namespacesIn } from '@/lib/i18n/client-messages';

/** The namespaces the kit's own client parts read on every screen (test/client-namespaces.test.ts checks them). */
export const KIT_NAMESPACES = ['resource', 'validation', 'status'] as const;

/** The widgets a declaration's features render, and the namespace each reads. */
export const FEATURE_NAMESPACES: readonly { namespace: string; uses: (res: ResourceModule) => boolean }[] = [
  { namespace: 'timeShop', uses: (res) => res.form === 'week' },
  { namespace: 'support', uses: (res) => res.live !== undefined },
  { namespace: 'points', uses: (res) => res.listAction === 'grantPoints' },
  { namespace: 'announcements', uses: (res) => !!res.viewPanels?.includes('announcementSend') },
  { namespace: 'users', uses: (res) => !!res.viewPanels?.some((panel) => panel === 'resetPassword' || panel === 'permissionMatrix') },
  { namespace: 'wallet', uses: (res) => !!res.rowActions?.includes('confirmPending') },
];

/**
 * What a kit page's client components need from the dictionary: the kit's namespaces, the resource's own, every
 * namespace its declaration's message keys name (column labels, filter and option labels), the namespaces of its
 * features' widgets, and the same for the resources its tabs list.
 */
export function kitNamespaces(page: ResourcePage): Set<string> {
  const own = RESOURCES[page.resource];
  const modules = [own, ...(own.tabs ?? []).map((tab) => RESOURCES[tab.resource as ResourceKey])];
  const out = new Set<string>(KIT_NAMESPACES);
  for (const res of modules) {
    out.add(res.namespace);
    namespacesIn(res, undefined, out);
    for (const feature of FEATURE_NAMESPACES) if (feature.uses(res)) out.add(feature.namespace);
  }
  return out;
}
