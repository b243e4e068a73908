import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, pk, updatedAt, version } from './columns';
import { inApp, updatedBy } from './scope';
import { apps, companies, users } from './tenancy';

/** An app's settings that every screen of its service follows. */

/** How money is written (contract/resources/currency.ts); one row per app, made with the defaults when first read. */
export const currencySettings = pgTable(
  'currency_settings',
  {
    id: pk(),
    ...inApp,
    word: text('word').notNull().default(''),
    decimals: integer('decimals').$type<0 | 2>().notNull().default(2),
    thousands: text('thousands').$type<'comma' | 'dot' | 'space' | 'none'>().notNull().default('comma'),
    decimal: text('decimal').$type<'dot' | 'comma'>().notNull().default('dot'),
    /** ISO 4217: what the app's payments are taken in (a payment callback in another currency is refused). */
    code: text('code').notNull().default('THB'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('currency_settings_app_key').on(t.appId)],
);

/**
 * The app's settings (`Config/App`) beyond its point rules: one row per app. `values` holds every group the contract
 * declares (contract/resources/app-config.ts), validated there on the way in; made with the defaults when first read.
 */
export const appSettings = pgTable(
  'app_settings',
  {
    id: pk(),
    ...inApp,
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('app_settings_app_key').on(t.appId)],
);

/**
 * Every change of a setting (`Config/App`, `Setting/System`): which screen, which field, its value before and after,
 * who changed it and when. Written in the saving transaction; never updated.
 */
export const settingChanges = pgTable(
  'setting_changes',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Null for company-wide settings. */
    appId: integer('app_id').references(() => apps.id),
    screen: text('screen').notNull(),
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('setting_changes_screen_idx').on(t.companyId, t.screen, t.changedAt)],
);

/** Which of the platform's apps a language string belongs to. */
export type LangClient = 'member' | 'shop' | 'biker';

/**
 * The words the member, shop and biker apps show (`Setting/LangInApps`), per app and client, in the four languages;
 * '' where a translation is missing.
 */
export const langStrings = pgTable(
  'lang_strings',
  {
    id: pk(),
    ...inApp,
    client: text('client').$type<LangClient>().notNull(),
    key: text('key').notNull(),
    en: text('en').notNull().default(''),
    th: text('th').notNull().default(''),
    zh: text('zh').notNull().default(''),
    my: text('my').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('lang_strings_key').on(t.appId, t.client, t.key)],
);

/** A client's strings as one versioned bundle: `version` goes up with every change, the apps' cache key. */
export const langBundles = pgTable(
  'lang_bundles',
  {
    ...inApp,
    client: text('client').$type<LangClient>().notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lang_bundles_key').on(t.appId, t.client)],
);

/** What an import brings in (`Import/Shop`, `Import/Biker`). */
export type ImportKind = 'shop' | 'biker';
/** previewed: read and checked, waiting for the choice; running; done; failed. */
export type ImportStatus = 'previewed' | 'running' | 'done' | 'failed';
/** A row's outcome: `invalid` (its errors named), `ready` (would be imported), `imported`, `exists` (already there). */
export type ImportRowOutcome = 'invalid' | 'ready' | 'imported' | 'exists';

/** One uploaded file of shops or bikers: its rows are checked at upload and imported when the user chooses. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: pk(),
    ...inApp,
    kind: text('kind').$type<ImportKind>().notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes. */
    fileHash: text('file_hash').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('previewed'),
    /** `valid`: import the valid rows; `all`: import only if every row is valid. */
    mode: text('mode').$type<'valid' | 'all'>(),
    totalRows: integer('total_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    /** Rows handled so far while running: the progress. */
    doneRows: integer('done_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    existingRows: integer('existing_rows').notNull().default(0),
    error: text('error').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_app_idx').on(t.appId, t.kind, t.createdAt)],
);

/** One row of an import's file, as read, with its errors per column and its outcome. */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** 1-based, as the spreadsheet numbers its data rows (the header is row 1, so the first data row is 2). */
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<Record<string, string[]>>().notNull().default({}),
    outcome: text('outcome').$type<ImportRowOutcome>().notNull(),
    /** The shop or biker it made or found. */
    refId: integer('ref_id'),
  },
  (t) => [uniqueIndex('import_rows_key').on(t.jobId, t.rowNo), index('import_rows_outcome_idx').on(t.jobId, t.outcome, t.rowNo)],
);
