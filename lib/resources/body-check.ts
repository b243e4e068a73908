import type { z } from 'zod';
import { accountStatusBodySchema, bikerPackageAssignSchema } from '@contract/resources/accounts';
import { paymentSettingUpdateSchema } from '@contract/resources/payment-settings';
import { pointGrantSchema } from '@contract/resources/points';
import { walletAdjustmentSchema, walletRejectSchema } from '@contract/resources/wallet-actions';
import { ratingHideSchema } from '@contract/resources/ratings';
import { purchaseRequestCloseSchema, purchaseRequestQuoteSchema } from '@contract/resources/purchase-request';
import { redemptionChangeSchema } from '@contract/resources/gift-common';
import { foodAvailabilitySchema } from '@contract/resources/food';
import { langImportSchema, langStringCreateSchema, langStringSaveSchema } from '@contract/resources/lang-strings';
import { passwordChangeSchema, profileUpdateSchema } from '@contract/resources/profile';
import { permissionListSchema } from '@/lib/permissions';
import { RESOURCES } from './index';
import { monitorAssignSchema } from '@/lib/monitor/schema';
import { orderBikerSchema, orderCancelSchema } from './orders-schemas';
import { regisRejectSchema } from './regis-shop';
import { shopStatusChangeSchema } from './shop';
import { fieldErrorsOf, type FieldErrors } from './validation';

const SERVICE = '(Delivery|Marketplace)';
const ID = '[^/]+';

/** The write endpoints of the resource modules and the schema their body must pass (the one the forms use). */
function rules(): { method: string; pattern: RegExp; schema: z.ZodType }[] {
  const out: { method: string; pattern: RegExp; schema: z.ZodType }[] = [];
  for (const res of Object.values(RESOURCES)) {
    const base = res.scope === 'company' ? `^/api/admin/${res.api}` : `^/api/admin/${SERVICE}/${res.api}`;
    if (res.single) {
      out.push({ method: 'PUT', pattern: new RegExp(`${base}$`), schema: res.schemas.update });
      continue;
    }
    if (res.readOnly) continue;
    out.push({ method: 'POST', pattern: new RegExp(`${base}$`), schema: res.schemas.create });
    out.push({ method: 'PUT', pattern: new RegExp(`${base}/(?!Sort$)${ID}$`), schema: res.schemas.update });
    if (res.handOrder) out.push({ method: 'PUT', pattern: new RegExp(`${base}/Sort$`), schema: res.handOrder.body });
  }
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/Shop/${ID}/status$`), schema: shopStatusChangeSchema });
  out.push({ method: 'POST', pattern: new RegExp(`^/api/admin/${SERVICE}/Regis/(Shop|Biker)/${ID}/reject$`), schema: regisRejectSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/(Members|Member/Biker)/${ID}/status$`), schema: accountStatusBodySchema });
  out.push({ method: 'PUT', pattern: new RegExp(`^/api/admin/${SERVICE}/Member/Biker/${ID}/package$`), schema: bikerPackageAssignSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/(Review|Review/Biker|ShopRating)/${ID}/hide$`), schema: ratingHideSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/Request/Buy/${ID}/quote$`), schema: purchaseRequestQuoteSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/Request/Buy/${ID}/close$`), schema: purchaseRequestCloseSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/(Orders|OrdersMessenger)/${ID}/cancel$`), schema: orderCancelSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/(Orders|OrdersMessenger)/${ID}/biker$`), schema: orderBikerSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/Monitor/Biker/assign$`), schema: monitorAssignSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/(GiftVoucher|GiftReward)/Redemptions/${ID}$`), schema: redemptionChangeSchema });
  out.push({ method: 'POST', pattern: new RegExp(`^/api/admin/${SERVICE}/(RewardPointHistory|TopupMemberPoints)$`), schema: pointGrantSchema });
  out.push({ method: 'PATCH', pattern: new RegExp(`^/api/admin/${SERVICE}/Food/${ID}/availability$`), schema: foodAvailabilitySchema });
  out.push({ method: 'POST', pattern: new RegExp(`^/api/admin/${SERVICE}/Wallet/Adjust/wallet/${ID}$`), schema: walletAdjustmentSchema });
  out.push({ method: 'POST', pattern: new RegExp(`^/api/admin/${SERVICE}/Wallet/Adjust/transaction/${ID}/reject$`), schema: walletRejectSchema });
  out.push({ method: 'PUT', pattern: new RegExp(`^/api/admin/Users/Staff/${ID}/permission$`), schema: permissionListSchema });
  out.push({ method: 'PUT', pattern: new RegExp(`^/api/admin/${SERVICE}/Setting/LangInApps$`), schema: langStringSaveSchema });
  out.push({ method: 'POST', pattern: new RegExp(`^/api/admin/${SERVICE}/Setting/LangInApps$`), schema: langStringCreateSchema });
  out.push({ method: 'POST', pattern: new RegExp(`^/api/admin/${SERVICE}/Setting/LangInApps/import$`), schema: langImportSchema });
  out.push({ method: 'PUT', pattern: /^\/api\/admin\/Profile$/, schema: profileUpdateSchema });
  out.push({ method: 'POST', pattern: /^\/api\/admin\/Profile\/password$/, schema: passwordChangeSchema });
  out.push({
    method: 'PUT',
    pattern: new RegExp(`^/api/admin/${SERVICE}/Setting/Bank/${ID}/Config/(card|qrcode|easybank)$`),
    schema: paymentSettingUpdateSchema,
  });
  return out;
}
const RULES = rules();

/** The schema a BFF write must pass before it is forwarded, or null when the path is not a resource write. */
export function bodySchemaForRequest(method: string, pathname: string): z.ZodType | null {
  const upper = method.toUpperCase();
  return RULES.find((r) => r.method === upper && r.pattern.test(pathname))?.schema ?? null;
}

/** Field errors of a BFF write body (same codes as the form shows), or null when it passes or is not checked. */
export function checkResourceBody(method: string, pathname: string, body: unknown): FieldErrors | null {
  const schema = bodySchemaForRequest(method, pathname);
  if (!schema) return null;
  const result = schema.safeParse(body);
  return result.success ? null : fieldErrorsOf(result.error);
}
