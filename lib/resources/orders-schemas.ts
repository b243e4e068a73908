import { z } from 'zod';

const id = z.coerce.string();

/** The order shapes are the wire contract's (contract/resources/orders.ts): the Platform API answers with the same. */
export {
  orderBikerSchema,
  orderCancelSchema,
  orderDetailSchema,
  orderEventSchema,
  orderRowSchema,
  orderStatusCountsSchema,
  orderTransactionSchema,
  type OrderBikerBody,
  type OrderCancelBody,
  type OrderDetail,
  type OrderEventEntry,
  type OrderRow,
  type OrderTransaction,
} from '@contract/resources/orders';

/** A biker of `GET …/Member/Biker`, as the assignment select needs it. */
export const bikerOptionSchema = z.object({
  id,
  name: z.string(),
  phone: z.string().nullish(),
  areaId: id.nullish(),
  presence: z.string().nullish(),
  status: z.string().nullish(),
});
export type BikerOption = z.infer<typeof bikerOptionSchema>;
