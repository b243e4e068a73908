import { integer } from 'drizzle-orm/pg-core';
import { apps, areas, companies, users } from './tenancy';

/** The company and app a row belongs to: the leading columns of an app's settings. */
export const inApp = {
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id),
};

/** The company, app and service area a row belongs to: the leading columns of a resource in an area. */
export const inArea = {
  ...inApp,
  areaId: integer('area_id')
    .notNull()
    .references(() => areas.id),
};

export const updatedBy = () => integer('updated_by').references(() => users.id);
