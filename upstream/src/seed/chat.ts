import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bikers, chatConversations, chatMessages, members, shops, users } from '../db/schema';

type Conn = Parameters<Parameters<Db['transaction']>[0]>[0];

const MINUTE = 60_000;

interface Line {
  staff: boolean;
  body: string;
  minutesAgo: number;
}

/** A short history per peer kind; the last peer lines are left unread by staff, staff's last one unread by the peer. */
const THREADS: Record<'shop' | 'biker' | 'member', Line[]> = {
  shop: [
    { staff: false, body: 'Hello, our menu photos did not update after the last upload.', minutesAgo: 300 },
    { staff: true, body: 'Thanks, we are looking into it. Could you try uploading again?', minutesAgo: 290 },
    { staff: false, body: 'Tried again, still the old photos.', minutesAgo: 280 },
    { staff: true, body: 'Fixed on our side: please pull to refresh the app.', minutesAgo: 200 },
    { staff: false, body: 'It works now, thank you!', minutesAgo: 190 },
    { staff: false, body: 'One more thing: can we change our opening hours for the holiday?', minutesAgo: 12 },
  ],
  biker: [
    { staff: true, body: 'Hi, please remember to update your vehicle plate in the app.', minutesAgo: 600 },
    { staff: false, body: 'Done, I updated it this morning.', minutesAgo: 540 },
    { staff: true, body: 'Great, thanks for the quick update.', minutesAgo: 530 },
  ],
  member: [
    { staff: false, body: 'My order arrived cold, what can I do?', minutesAgo: 90 },
    { staff: true, body: 'Sorry about that. We have added points to your account as an apology.', minutesAgo: 80 },
    { staff: false, body: 'Thank you, I see them now.', minutesAgo: 30 },
  ],
};

/**
 * Demo chats in every area that has shops: one with its first shop, first biker and first member, each with a short
 * history; the peer's latest lines are unread for staff, and staff's latest line delivered but not yet read.
 */
export async function seedChat(tx: Conn, companyId: number, adminId: number, now: Date): Promise<void> {
  const firstShops = await tx
    .select({ id: shops.id, appId: shops.appId, areaId: shops.areaId, name: shops.name })
    .from(shops)
    .where(and(eq(shops.companyId, companyId), isNull(shops.deletedAt)))
    .orderBy(asc(shops.id));
  const areas = new Map<number, { appId: number; areaId: number }>();
  for (const shop of firstShops) if (!areas.has(shop.areaId)) areas.set(shop.areaId, { appId: shop.appId, areaId: shop.areaId });
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);

  for (const { appId, areaId } of areas.values()) {
    const [staff] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.role, 'staff'), eq(users.areaId, areaId)))
      .limit(1);
    const senderId = staff?.id ?? adminId;
    const peers: { kind: 'shop' | 'biker' | 'member'; id: number; name: string }[] = [];
    for (const [kind, table] of [
      ['shop', shops],
      ['biker', bikers],
      ['member', members],
    ] as const) {
      const [row] = await tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(eq(table.companyId, companyId), eq(table.appId, appId), eq(table.areaId, areaId), isNull(table.deletedAt)))
        .orderBy(asc(table.id))
        .limit(1);
      if (row) peers.push({ kind, ...row });
    }
    for (const peer of peers) {
      const lines = THREADS[peer.kind];
      const last = lines[lines.length - 1]!;
      // The peer's lines after staff's last one are unread by staff; staff's after the peer's last are unread by the peer.
      const lastStaff = lines.map((l) => l.staff).lastIndexOf(true);
      const lastPeer = lines.map((l) => l.staff).lastIndexOf(false);
      const [conversation] = await tx
        .insert(chatConversations)
        .values({
          companyId,
          appId,
          areaId,
          peerKind: peer.kind,
          peerId: peer.id,
          peerName: peer.name,
          lastMessageAt: at(last.minutesAgo),
          lastMessagePreview: last.body.slice(0, 120),
          staffUnread: lines.filter((l, i) => !l.staff && i > lastStaff).length,
          peerUnread: lines.filter((l, i) => l.staff && i > lastPeer).length,
          createdAt: at(lines[0]!.minutesAgo),
          updatedAt: at(last.minutesAgo),
        })
        .returning({ id: chatConversations.id });
      await tx.insert(chatMessages).values(
        lines.map((line, i) => {
          const readBy = line.staff ? i < lastPeer : i < lastStaff;
          return {
            conversationId: conversation!.id,
            fromStaff: line.staff,
            senderUserId: line.staff ? senderId : null,
            body: line.body,
            clientId: `seed-${peer.kind}-${peer.id}-${i}`,
            deliveredAt: line.staff || readBy ? at(line.minutesAgo - 1) : null,
            readAt: readBy ? at(line.minutesAgo - 2) : null,
            createdAt: at(line.minutesAgo),
          };
        }),
      );
    }
  }
}
