import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members } from '../db/schema';
import { deposit, requestDeposit, requestWithdrawal } from '../domain/ledger';
import { DEMO_MEMBERS } from './data';

type Conn = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The first demo members' top-ups and cash-outs: one confirmed deposit, one withdrawal and one deposit waiting for staff. */
export const DEMO_WALLET_REQUESTS = { deposit: 100_000, withdrawal: 20_000, pendingDeposit: 50_000 } as const;

/**
 * For the first two demo members of each app and area: the first has a confirmed deposit and a withdrawal waiting to
 * be confirmed, the second a deposit waiting; through the ledger, so balances equal their Success transactions.
 */
export async function seedWalletRequests(tx: Conn, companyId: number, now: Date): Promise<void> {
  const seen = new Map<string, number>();
  for (const demo of DEMO_MEMBERS) {
    const place = `${demo.app}|${demo.area}`;
    const index = seen.get(place) ?? 0;
    seen.set(place, index + 1);
    if (index > 1) continue;
    const [member] = await tx
      .select({ id: members.id, appId: members.appId, areaId: members.areaId })
      .from(members)
      .where(and(eq(members.companyId, companyId), eq(members.name, demo.name)))
      .limit(1);
    if (!member) continue;
    const where = { companyId, appId: member.appId };
    const owner = { type: 'member' as const, id: member.id, areaId: member.areaId };
    if (index === 0) {
      await deposit(tx, where, owner, DEMO_WALLET_REQUESTS.deposit, `seed-${member.id}`, now);
      await requestWithdrawal(tx, where, owner, DEMO_WALLET_REQUESTS.withdrawal, `seed-${member.id}`, now);
    } else {
      await requestDeposit(tx, where, owner, DEMO_WALLET_REQUESTS.pendingDeposit, `seed-${member.id}`, now);
    }
  }
}
