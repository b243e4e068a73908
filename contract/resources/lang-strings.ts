import { z } from 'zod';
import { CODES } from '../codes';
import { refField, textField, updatedBySchema, versionField } from '../fields';
import { PAGE_SIZES } from '../list';
import type { ResourceContractBase } from '../resource';

/** The apps whose words are kept here (`lang_strings.client`). */
export const LANG_CLIENTS = ['member', 'shop', 'biker'] as const;
export type LangClient = (typeof LANG_CLIENTS)[number];
/** The languages of every string, English first: the apps fall back to it where a translation is missing. */
export const LANGS = ['en', 'th', 'zh', 'my'] as const;
export type Lang = (typeof LANGS)[number];

/** A key: lower-case letters, digits, `_`, `.` and `-`, at most 100 characters (`order.status.picked_up`). */
export const LANG_KEY_PATTERN = /^[a-z0-9_.-]{1,100}$/;
/** The longest text of one language. */
export const LANG_TEXT_MAX = 1000;
/** Rows a bulk save carries at most. */
export const LANG_SAVE_MAX_ROWS = 500;
/** Characters of an imported file at most (the body limit is 1 MB; Thai and Burmese take three bytes a letter). */
export const LANG_IMPORT_MAX_CHARS = 300_000;
/** Keys one import brings at most. */
export const LANG_IMPORT_MAX_KEYS = 5000;
/** The CSV header of an export, and the columns an import reads. */
export const LANG_CSV_HEADER = ['key', ...LANGS] as const;

const keyError = { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? CODES.required : CODES.invalidLangKey) };
/** A string's key (the apps look their words up by it). */
export const langKeyField = () => z.string(keyError).trim().min(1, CODES.required).max(100, CODES.tooLong100).regex(LANG_KEY_PATTERN, CODES.invalidLangKey);
/** One language's text: '' where the translation is missing. */
export const langTextField = () => textField(LANG_TEXT_MAX);
const clientField = () => z.enum(LANG_CLIENTS, { error: () => CODES.required });

const texts = { en: langTextField(), th: langTextField(), zh: langTextField(), my: langTextField() };

/** One string as the list answers it. */
export const langStringSchema = z.object({
  id: z.coerce.string(),
  client: z.string(),
  key: z.string(),
  en: z.string(),
  th: z.string(),
  zh: z.string(),
  my: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: updatedBySchema.nullish(),
});
export type LangStringItem = z.infer<typeof langStringSchema>;

/** `GET …?client=&q=&missing=&page=&pageSize=`: the list's view; `missing` keeps the keys without that language (`any`: without one of them). */
export const langStringQuerySchema = z.strictObject({
  client: z.enum(LANG_CLIENTS).default('member'),
  q: z.string().trim().max(200).optional(),
  missing: z.enum([...LANGS, 'any']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 25, 50 or 100')
    .default(50),
});
export type LangStringQuery = z.infer<typeof langStringQuerySchema>;

/** `POST`: a new key with its texts (a text left out is missing). */
export const langStringCreateSchema = z.strictObject({
  client: clientField(),
  key: langKeyField(),
  en: langTextField().default(''),
  th: langTextField().default(''),
  zh: langTextField().default(''),
  my: langTextField().default(''),
});

/** One row of a bulk save: the row's id and the version last read, and the texts changed (the others stay). */
export const langRowChangeSchema = z.strictObject({
  id: refField(),
  version: versionField(),
  en: texts.en.optional(),
  th: texts.th.optional(),
  zh: texts.zh.optional(),
  my: texts.my.optional(),
});
export type LangRowChange = z.infer<typeof langRowChangeSchema>;

/**
 * `PUT`: many cells at once, all or none. A row whose version is stale answers 409 `CONFLICT` with the rows as they
 * are now (`data.rows`) and those gone (`data.gone`); nothing is saved.
 */
export const langStringSaveSchema = z.strictObject({
  client: clientField(),
  rows: z
    .array(langRowChangeSchema)
    .min(1, CODES.required)
    .max(LANG_SAVE_MAX_ROWS, CODES.outOfRange)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: CODES.taken });
        seen.add(row.id);
      });
    }),
});
export type LangStringSave = z.infer<typeof langStringSaveSchema>;

/** The formats of an export and an import: `{ key: { en, th, zh, my } }` as JSON, or CSV with the header key,en,th,zh,my. */
export const LANG_FILE_FORMATS = ['json', 'csv'] as const;
export type LangFileFormat = (typeof LANG_FILE_FORMATS)[number];

/** `GET …/export?client=&format=json|csv`. */
export const langExportQuerySchema = z.strictObject({
  client: z.enum(LANG_CLIENTS).default('member'),
  format: z.enum(LANG_FILE_FORMATS).default('json'),
});

/**
 * `POST …/import`: a file's text in either format. `merge` creates the new keys and updates the texts that differ; an
 * empty text in the file leaves the one kept here alone, and no key is deleted. `dryRun` counts without saving.
 */
export const langImportSchema = z.strictObject({
  client: clientField(),
  format: z.enum(LANG_FILE_FORMATS, { error: () => CODES.invalidLangFile }),
  content: z
    .string({ error: () => CODES.required })
    .min(1, CODES.required)
    .max(LANG_IMPORT_MAX_CHARS, CODES.invalidLangFile),
  mode: z.literal('merge').default('merge'),
  dryRun: z.boolean().default(false),
});
export type LangImport = z.infer<typeof langImportSchema>;

/** What an import did (or, with `dryRun`, would do). */
export const langImportResultSchema = z.object({
  client: z.string(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  applied: z.boolean(),
  version: z.number().int(),
});
export type LangImportResult = z.infer<typeof langImportResultSchema>;

/** A problem of an imported file: the line (CSV) or the key (JSON) and the code. */
export const langImportProblemSchema = z.object({ at: z.string(), field: z.string(), code: z.string() });

/** One client's counts: its keys, the keys without each language, and its bundle version. */
export const langSummarySchema = z.object({
  client: z.string(),
  total: z.number().int(),
  version: z.number().int(),
  missing: z.object({ en: z.number().int(), th: z.number().int(), zh: z.number().int(), my: z.number().int() }),
});
export type LangSummary = z.infer<typeof langSummarySchema>;

/**
 * `GET /api/app/{service}/Lang/{client}?lang=th`: the words of one app in one language; without `lang`, the app's
 * default language (Application Manager).
 */
export const langAppQuerySchema = z.strictObject({ lang: z.enum(LANGS).optional() });
/** The app's bundle: `strings` by key, in the language asked for, English where that translation is missing. */
export const langBundleSchema = z.object({
  client: z.string(),
  lang: z.string(),
  version: z.number().int(),
  strings: z.record(z.string(), z.string()),
});

/**
 * Setting → Language (`Setting/LangInApps`, admin): the words of the member, shop and biker apps in the four
 * languages. Routes of its own (upstream/src/routes/lang-strings.ts): the list, a bulk save, add and delete a key,
 * export and import, the counts; the apps read them at `/api/app/{service}/Lang/{client}`.
 */
export const langStringsContract = {
  name: 'LangString',
  path: 'Setting/LangInApps',
  scope: 'area',
  search: ['key', ...LANGS],
  schemas: {
    item: langStringSchema,
    query: langStringQuerySchema,
    create: langStringCreateSchema,
    save: langStringSaveSchema,
    import: langImportSchema,
  },
} as const satisfies ResourceContractBase;

/** The Business API path of a service's strings: `/api/admin/{service}/Setting/LangInApps`. */
export const langStringsApi = (service: string) => `/api/admin/${service}/Setting/LangInApps`;
