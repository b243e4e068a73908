import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AnnouncementKind } from '@contract/resources/announcements';
import type { Db } from '../db/client';
import { announcementDeliveries, announcements, apps, areas, feedPosts, members, shops } from '../db/schema';

type Conn = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOUR = 3_600_000;

/**
 * Demo public relations and broadcasts in each app's first area: per kind the app lists, one sent (delivered to the
 * app's members, with their deliveries), one draft, and a broadcast scheduled for tomorrow; and the Marketplace feed:
 * two platform posts and one of its first shop. `picture` (a demo upload's key) is the sent broadcast's and the shop
 * post's picture; the others have none.
 */
export async function seedAnnouncements(tx: Conn, companyId: number, adminId: number, now: Date, picture?: string): Promise<void> {
  const placed = await tx
    .select({ appId: apps.id, appType: apps.appType, areaId: areas.id })
    .from(areas)
    .innerJoin(apps, eq(apps.id, areas.appId))
    .where(eq(areas.companyId, companyId))
    .orderBy(asc(areas.id));
  const firstArea = new Map<number, (typeof placed)[number]>();
  for (const p of placed) if (!firstArea.has(p.appId)) firstArea.set(p.appId, p);
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
  for (const place of firstArea.values()) {
    const marketplace = place.appType === 'Marketplace';
    const kinds: AnnouncementKind[] = marketplace ? ['publicRelations', 'shopPublicRelations', 'userPublicRelations', 'broadcast'] : ['publicRelations'];
    const where = { companyId, appId: place.appId, areaId: place.areaId, updatedBy: adminId };
    const appMembers = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.companyId, companyId), eq(members.appId, place.appId), eq(members.status, 'active'), isNull(members.deletedAt)))
      .orderBy(asc(members.id));
    for (const [i, kind] of kinds.entries()) {
      const [sent] = await tx
        .insert(announcements)
        .values({
          ...where,
          kind,
          title: kind === 'broadcast' ? 'Flash sale this weekend' : 'Welcome to our app',
          body: kind === 'broadcast' ? 'Up to 50% off at partner shops, Saturday and Sunday.' : 'Thank you for ordering with us.',
          imageUrl: kind === 'broadcast' ? (picture ?? '') : '',
          target: i % 2 === 0 ? 'openUrl' : 'openMessage',
          targetUrl: i % 2 === 0 ? 'https://example.com/news' : '',
          audience: 'members',
          status: 'sent',
          scheduledAt: at(-48 - i),
          startedAt: at(-48 - i),
          finishedAt: at(-48 - i),
          totalCount: appMembers.length,
          sentCount: appMembers.length,
          cursor: appMembers.at(-1)?.id ?? 0,
          createdAt: at(-50 - i),
          updatedAt: at(-48 - i),
        })
        .returning({ id: announcements.id });
      for (let from = 0; from < appMembers.length; from += 500) {
        const batch = appMembers.slice(from, from + 500);
        await tx
          .insert(announcementDeliveries)
          .values(
            batch.map((m, n) => ({
              announcementId: sent!.id,
              recipientKind: 'member' as const,
              recipientId: m.id,
              deliveredAt: at(-48 - i),
              openedAt: n % 3 === 0 ? at(-40) : null,
            })),
          )
          .onConflictDoNothing();
      }
      await tx.insert(announcements).values({
        ...where,
        kind,
        title: kind === 'shopPublicRelations' ? 'New seller tools next month' : 'Holiday opening hours',
        body: 'A draft: not sent yet.',
        audience: kind === 'shopPublicRelations' ? 'shops' : 'area',
        createdAt: at(-2),
        updatedAt: at(-2),
      });
    }
    if (marketplace) {
      await tx.insert(announcements).values({
        ...where,
        kind: 'broadcast',
        title: 'Year-end festival starts tomorrow',
        body: 'Free delivery on every order for three days.',
        audience: 'members',
        status: 'scheduled',
        scheduledAt: at(24),
        createdAt: at(-1),
        updatedAt: at(-1),
      });
      const [shop] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.companyId, companyId), eq(shops.appId, place.appId), eq(shops.areaId, place.areaId), isNull(shops.deletedAt)))
        .orderBy(asc(shops.id))
        .limit(1);
      const posts = [
        { shopId: null, title: 'Welcome to the Marketplace', body: 'Discover local makers and shops near you.', imageUrl: '', hours: -72 },
        { shopId: null, title: 'Tips: track your parcel', body: 'Open an order to follow its delivery.', imageUrl: '', hours: -24 },
        ...(shop
          ? [{ shopId: shop.id, title: 'New handmade baskets in stock', body: 'Woven this week, limited pieces.', imageUrl: picture ?? '', hours: -6 }]
          : []),
      ];
      await tx.insert(feedPosts).values(
        posts.map((p) => ({
          ...where,
          shopId: p.shopId,
          title: p.title,
          body: p.body,
          imageUrl: p.imageUrl,
          publishedAt: at(p.hours),
          createdAt: at(p.hours),
          updatedAt: at(p.hours),
        })),
      );
    }
  }
}
