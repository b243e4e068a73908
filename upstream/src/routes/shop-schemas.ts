import { z } from '@hono/zod-openapi';
import { OPEN_STATUSES, SHOP_STATUSES } from '@contract/lifecycle';
import { shopAvailableQuerySchema, shopBulkStatusSchema, shopContract, shopHistoryEntrySchema, shopStatusChangeSchema } from '@contract/resources/shop';
import { shopConfigContract } from '@contract/resources/shop-config';
import { shopRegistrationContract } from '@contract/resources/shop-registration';
import { timeShopContract } from '@contract/resources/time-shop';

export { OPEN_STATUSES, SHOP_STATUSES };

/** The shop, its opening hours, registrations and settings: the wire contract's schemas, named for the OpenAPI document. */
export const shopItemSchema = shopContract.schemas.item.openapi('Shop');
export const shopCreateSchema = shopContract.schemas.create.openapi('ShopInput');
export const shopUpdateSchema = shopContract.schemas.update.openapi('ShopUpdate');
export const shopQuerySchema = shopContract.schemas.query;
export const statusBodySchema = shopStatusChangeSchema.openapi('ShopStatusChange');
export const bulkStatusBodySchema = shopBulkStatusSchema.openapi('ShopBulkStatus');
export const availableQuerySchema = shopAvailableQuerySchema;
export const historySchema = z.array(shopHistoryEntrySchema);

export const timeShopItemSchema = timeShopContract.schemas.item.openapi('TimeShop');
export const timeShopCreateSchema = timeShopContract.schemas.create.openapi('TimeShopInput');
export const timeShopUpdateSchema = timeShopContract.schemas.update.openapi('TimeShopUpdate');
export const timeShopQuerySchema = timeShopContract.schemas.query;

export const registrationItemSchema = shopRegistrationContract.schemas.item.openapi('ShopRegistration');
export const registrationQuerySchema = shopRegistrationContract.schemas.query;
export const rejectBodySchema = shopRegistrationContract.schemas.reject.openapi('ShopRegistrationReject');

export const configItemSchema = shopConfigContract.schemas.item.openapi('ShopConfig');
export const configBodySchema = shopConfigContract.schemas.update.openapi('ShopConfigInput');
export const configQuerySchema = shopConfigContract.schemas.query;
