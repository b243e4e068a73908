import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, shops, supportMessages, supportTickets, users } from '../db/schema';

type Conn = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOUR = 3_600_000;

/**
 * Demo support tickets in every area that has shops: two from its first shop (one answered by staff with a picture
 * and in progress, one new and urgent) and one staff opened about an order of the area.
 */
export async function seedSupport(tx: Conn, companyId: number, adminId: number, now: Date, picture: string | undefined): Promise<void> {
  const rows = await tx
    .select({ id: shops.id, appId: shops.appId, areaId: shops.areaId, name: shops.name })
    .from(shops)
    .where(and(eq(shops.companyId, companyId), isNull(shops.deletedAt)))
    .orderBy(asc(shops.id));
  const firstOfArea = new Map<number, (typeof rows)[number]>();
  for (const shop of rows) if (!firstOfArea.has(shop.areaId)) firstOfArea.set(shop.areaId, shop);
  for (const shop of firstOfArea.values()) {
    const [staff] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.role, 'staff'), eq(users.areaId, shop.areaId)))
      .limit(1);
    const where = { companyId, appId: shop.appId, areaId: shop.areaId };
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const ticket = async (
      values: Omit<typeof supportTickets.$inferInsert, 'companyId' | 'appId' | 'areaId'>,
      thread: (typeof supportMessages.$inferInsert)[],
    ) => {
      const [row] = await tx
        .insert(supportTickets)
        .values({ ...where, ...values })
        .returning({ id: supportTickets.id });
      await tx.insert(supportMessages).values(thread.map((m) => ({ ...m, ticketId: row!.id })));
    };
    await ticket(
      {
        source: 'shop',
        subject: 'Payout for last week is missing',
        category: 'payment',
        priority: 'high',
        status: 'inProgress',
        shopId: shop.id,
        assigneeId: staff?.id ?? adminId,
        lastMessageAt: at(20),
        createdAt: at(30),
        updatedAt: at(20),
      },
      [
        { ticketId: 0, authorKind: 'shop', body: 'We have not received the payout for last week. Please check.', createdAt: at(30) },
        {
          ticketId: 0,
          authorKind: 'staff',
          authorUserId: staff?.id ?? adminId,
          body: 'We are checking with finance; here is the statement we see.',
          attachments: picture ? [picture] : [],
          createdAt: at(20),
        },
      ],
    );
    await ticket(
      {
        source: 'shop',
        subject: 'Cannot update our opening hours',
        category: 'technical',
        priority: 'urgent',
        status: 'open',
        shopId: shop.id,
        lastMessageAt: at(2),
        createdAt: at(2),
        updatedAt: at(2),
      },
      [{ ticketId: 0, authorKind: 'shop', body: `The app shows an error when ${shop.name} saves Sunday hours.`, createdAt: at(2) }],
    );
    const [order] = await tx
      .select({ id: orders.id, shopId: orders.shopId })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.areaId, shop.areaId)))
      .orderBy(asc(orders.id))
      .limit(1);
    if (order) {
      await ticket(
        {
          source: 'portal',
          subject: 'Member reports a missing item',
          category: 'order',
          priority: 'normal',
          status: 'waiting',
          orderId: order.id,
          shopId: order.shopId,
          openedBy: staff?.id ?? adminId,
          lastMessageAt: at(6),
          createdAt: at(8),
          updatedAt: at(6),
        },
        [
          {
            ticketId: 0,
            authorKind: 'staff',
            authorUserId: staff?.id ?? adminId,
            body: 'The member says one drink was missing. Please confirm with the shop.',
            createdAt: at(8),
          },
          { ticketId: 0, authorKind: 'staff', authorUserId: adminId, body: 'Asked the shop; waiting for their answer.', createdAt: at(6) },
        ],
      );
    }
  }
}
