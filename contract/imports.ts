import { z } from 'zod';
import { SERVICES } from './access';
import { CODES } from './codes';
import { emailField, nameField, phoneField, textField, timeField } from './fields';
import { pageSizeField } from './list';

/**
 * Imports of shops and bikers (`/Service/{service}/Import/Shop`, `/Import/Biker`): a CSV or XLSX file is uploaded as
 * its bytes, every row is checked with the same field builders the create forms use, the preview names each row's
 * errors per column, and the valid rows (or all of them, only when none is invalid) are imported in the background.
 * A row whose key is already in the database is `exists`, never an error: the same file twice creates nothing new.
 */
export const IMPORT_KINDS = ['shop', 'biker'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The registry's path segment of each kind (`Import/Shop`). */
export const IMPORT_SEGMENT = { shop: 'Shop', biker: 'Biker' } as const satisfies Record<ImportKind, string>;
export const IMPORT_STATUSES = ['previewed', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_OUTCOMES = ['invalid', 'ready', 'imported', 'exists'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_MODES = ['valid', 'all'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The largest file taken (bytes), and the most data rows one file may hold. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/**
 * The hard limits an XLSX file is checked against before it is read (upstream/src/kit/xlsx-guard.ts): its entries,
 * their unpacked sizes and packing ratio, the XML of one cell or shared string, the shared strings and the rows.
 * A CSV's cells have the same size limit, and neither may hold a NUL character.
 */
export const XLSX_LIMITS = {
  entries: 1000,
  entryBytes: 100 * 1024 * 1024,
  totalBytes: 200 * 1024 * 1024,
  ratio: 100,
  cellBytes: 32 * 1024,
  sharedStrings: 2_000_000,
  rows: MAX_IMPORT_ROWS + 1,
} as const;

/** The file types taken, by extension. */
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const;

/** An optional cell: '' (or a missing column) is left out. */
const optional = <T extends z.ZodType>(field: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), field.optional());

/**
 * The columns of each kind, in the template's order; the header names them (case and spaces ignored). `area`, `type`
 * and `package` are names, looked up in the caller's app (an area staff may not see is unknown to them).
 */
export const IMPORT_COLUMNS = {
  shop: ['name', 'owner', 'phone', 'email', 'area', 'type', 'package', 'openTime', 'closeTime'],
  biker: ['name', 'phone', 'area', 'vehicle', 'plate', 'package'],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportColumn = (typeof IMPORT_COLUMNS)[ImportKind][number];

/** The column that identifies a row's shop or biker: the phone (a shop's in its area, a biker's in the app). */
export const IMPORT_KEY_COLUMN = 'phone';
/** Errors of the whole row (a limit reached) are listed under this key. */
export const ROW_ERROR_KEY = 'row';

/** The cells of one row, checked as the create forms check them (contract/resources/shop.ts, biker-registration.ts). */
export const importRowSchemas = {
  shop: z.object({
    name: nameField(),
    owner: nameField(),
    phone: phoneField(),
    email: emailField(),
    area: nameField(100),
    type: nameField(),
    package: nameField(),
    openTime: optional(timeField()),
    closeTime: optional(timeField()),
  }),
  biker: z.object({
    name: nameField(),
    phone: phoneField(),
    area: nameField(100),
    vehicle: nameField(),
    plate: nameField(),
    package: optional(textField(50)),
  }),
} as const;
export type ShopImportRow = z.infer<(typeof importRowSchemas)['shop']>;
export type BikerImportRow = z.infer<(typeof importRowSchemas)['biker']>;

/** A template: the header and one example row. */
export const IMPORT_TEMPLATE_EXAMPLE: Record<ImportKind, string[]> = {
  shop: ['Noodle House', 'Somchai Jaidee', '0812345678', 'noodle@example.com', 'Bangkok', 'Restaurant', 'Starter', '08:00', '20:00'],
  biker: ['Anan Rakdee', '0891234567', 'Bangkok', 'Motorcycle', '1AB-2345', 'Rider Basic'],
};
export const importTemplateCsv = (kind: ImportKind): string =>
  [IMPORT_COLUMNS[kind].join(','), IMPORT_TEMPLATE_EXAMPLE[kind].map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')].join('\r\n') +
  '\r\n';

/** Row errors: `{column: [code]}` (`row` for the whole row). */
export const rowErrorsSchema = z.record(z.string(), z.array(z.string()));

export const importJobSchema = z.object({
  id: z.coerce.string(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  mode: z.enum(IMPORT_MODES).nullable(),
  totalRows: z.number().int(),
  /** Rows with errors (the refused ones once run). */
  invalidRows: z.number().int(),
  /** Rows handled so far while running (the progress, of `totalRows - invalidRows` at the start). */
  doneRows: z.number().int(),
  importedRows: z.number().int(),
  /** Rows whose shop or biker was already there (nothing made). */
  existingRows: z.number().int(),
  /** Rows ready to import (valid, not there yet). */
  readyRows: z.number().int(),
  error: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When a file with the same bytes was imported before: that import's id and time. */
  sameFile: z.object({ id: z.coerce.string(), createdAt: z.string() }).nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importRowSchema = z.object({
  rowNo: z.number().int(),
  data: z.record(z.string(), z.string()),
  errors: rowErrorsSchema,
  outcome: z.enum(IMPORT_OUTCOMES),
  refId: z.coerce.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** `GET {path}/{id}/rows?page&pageSize&invalid=1`. */
export const importRowsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: pageSizeField(),
  invalid: z.enum(['0', '1']).optional(),
});
/** `GET {path}?page&pageSize`: the past imports, newest first. */
export const importJobsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: pageSizeField(),
});
/** `POST {path}?fileName=…` (the body is the file's bytes). */
export const importUploadQuerySchema = z.strictObject({ fileName: nameField(200) });
/** `POST {path}/{id}/run`. */
export const importRunSchema = z.object({ mode: z.enum(IMPORT_MODES, { error: CODES.required }) });

/** `['Delivery', 'Import', 'Shop']`: an import upload's path segments below `/api/admin/` (a POST of the file's bytes). */
export const isImportUpload = (method: string, segments: readonly string[]): boolean =>
  method.toUpperCase() === 'POST' &&
  segments.length === 3 &&
  (SERVICES as readonly string[]).includes(segments[0]!) &&
  segments[1] === 'Import' &&
  (Object.values(IMPORT_SEGMENT) as string[]).includes(segments[2]!);

/** The kind of an `Import/{Shop|Biker}` segment. */
export const importKindOf = (segment: string): ImportKind | null =>
  (Object.entries(IMPORT_SEGMENT).find(([, s]) => s === segment)?.[0] as ImportKind | undefined) ?? null;

/** The errors in words for the refused rows' file (English; the screen shows them in the user's language). */
export const IMPORT_ERROR_WORDS: Record<string, string> = {
  required: 'This field is required.',
  tooLong50: '50 character limit',
  tooLong100: '100 character limit',
  tooLong200: '200 character limit',
  invalidEmail: 'The Email address is not valid',
  invalidPhone: 'Telephone Number is not valid',
  invalidTime: 'Not a time (HH:mm)',
  closeBeforeOpen: 'Closes before it opens',
  unknownReference: 'No such name in this area',
  unknownArea: 'Unknown area',
  taken: 'Already in use',
  duplicateInFile: 'Appears more than once in this file',
  shopLimit: 'Shop limit reached',
};
