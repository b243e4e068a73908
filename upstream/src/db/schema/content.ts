import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, live, pk, updatedAt, version } from './columns';
import { inArea, updatedBy } from './scope';
import { companies, users } from './tenancy';

/** What the apps and the portal show people: app slides and users' notifications. */

/** App slides (contract/resources/slide.ts): banners shown in `sort_order`, within their period when one is set. */
export const slides = pgTable(
  'slides',
  {
    id: pk(),
    ...inArea,
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** `YYYY-MM-DD`, '' when open-ended. */
    startsOn: text('starts_on').notNull().default(''),
    endsOn: text('ends_on').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('slides_scope_idx').on(t.appId, t.areaId, t.sortOrder, t.id).where(live)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    /** What happened (`shopRegistration`, `withdrawalRequest`) and its details, for the portal to say in the reader's language. */
    kind: text('kind'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc())],
);
