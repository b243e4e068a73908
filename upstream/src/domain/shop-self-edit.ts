import type { ShopSelfEdit } from '@contract/resources/shop';
import type { Db } from '../db/client';
import { ApiError, MESSAGES, notFoundData } from '../kit/errors';
import type { ServiceScope } from './scope';
import { getShop, updateShop, type ShopItem } from './shops';

/**
 * The shop app changes the shop's own details (owner, e-mail, phone, opening and closing time) only while the
 * back-office leaves the shop's `permissionEdit` on (Shop → settings); otherwise 403 `SHOP_EDIT_NOT_PERMITTED` and
 * nothing changes. The change runs through the back-office's own update, with its checks (an e-mail or phone another
 * shop of the area has is `taken`) and its version: everything else of the shop, its status included, stays as it is.
 */
export async function editOwnShop(db: Db, scope: ServiceScope, id: number, edit: ShopSelfEdit, now: Date): Promise<ShopItem> {
  const shop = await getShop(db, scope, id);
  if (!shop) throw notFoundData();
  if (!shop.permissionEdit) throw new ApiError(403, MESSAGES.shopEditNotPermitted);
  const defined = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
  return updateShop(db, scope, id, shop.version, { ...shop, ...defined }, now);
}
