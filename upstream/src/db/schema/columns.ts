import { sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** The bookkeeping columns the tables share. */
export const pk = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
export const version = () => integer('version').notNull().default(1);

/** Live rows of one app (and area): the leading columns of every list index. */
export const live = sql`deleted_at IS NULL`;
