import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, count, desc, eq, isNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import {
  IMPORT_COLUMNS,
  IMPORT_ERROR_WORDS,
  MAX_IMPORT_ROWS,
  ROW_ERROR_KEY,
  XLSX_LIMITS,
  importRowSchemas,
  type BikerImportRow,
  type ImportJob,
  type ImportKind,
  type ImportMode,
  type ImportRow,
  type ShopImportRow,
} from '@contract/imports';
import type { Db, Tx } from '../db/client';
import { areas, bikerPackages, bikers, importJobs, importRows, shopPackages, shops, shopTypes, subscriptions, users } from '../db/schema';
import type { AppDeps } from '../kit/env';
import { ApiError, conflict, invalid, MESSAGES, notFoundData, type FieldErrors } from '../kit/errors';
import { parseCsv } from '../kit/csv';
import { checkXlsx, XlsxRefusal } from '../kit/xlsx-guard';
import type { ServiceScope } from './scope';

/**
 * Imports of shops and bikers (contract/imports.ts). The upload reads the file (CSV or XLSX), checks every row as the
 * create forms do, looks the names up and the keys (a shop's phone in its area, a biker's phone in the app) in the file
 * and in the database, and stores the rows with their errors and outcome: the preview. Running it imports the `ready`
 * rows in batches of `BATCH` rows, one transaction each, in the background of this process; a batch re-checks its keys
 * and the shop limit, so a batch run twice (after a restart) makes nothing twice.
 */
const BATCH = 500;
const STORE_BATCH = 5000;
/** The company's shop limit when it has no subscription row (as `subscriptionOf` assumes). */
const DEFAULT_MAX_SHOPS = 100;

type Cells = Record<string, string>;
type Parsed = { kind: 'shop'; value: ShopImportRow } | { kind: 'biker'; value: BikerImportRow };

const norm = (s: string) => s.trim().toLowerCase();
const headerKey = (s: string) => s.toLowerCase().replace(/[\s_\-.]/g, '');

// ---------------------------------------------------------------- reading the file

/** The text of an XLSX cell value (rich text, formula results, hyperlinks, dates). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return '';
}

/** A file refused by a limit: 400 with its code, and the limit in the unit its message names (MB, KB, a count). */
function refusal(code: string, limit?: number): ApiError {
  const shown = code === 'importZipTooLarge' && limit ? limit / 1024 / 1024 : code === 'importCellTooLarge' && limit ? limit / 1024 : limit;
  return new ApiError(400, MESSAGES.validation, { file: [code] }, shown === undefined ? undefined : { params: { file: { limit: shown } } });
}
const refuse = (error: unknown): never => {
  throw error instanceof XlsxRefusal ? refusal(error.code, error.limit) : refusal('importUnreadable');
};

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The first worksheet's rows (streamed: the workbook is never held as a whole). */
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const rows: string[][] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row as unknown as { values: unknown[] }).values;
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
      rows.push(cells);
      if (rows.length > MAX_IMPORT_ROWS + 1) break;
    }
    break;
  }
  return rows;
}

/** The file's rows as cells keyed by column (the header's known columns; the others are left out). */
export async function readImportFile(kind: ImportKind, bytes: Buffer): Promise<Cells[]> {
  const xlsx = isZip(bytes);
  // An XLSX is checked against hard limits before it is unpacked; a CSV (or a UTF-16 text) with a NUL is refused.
  if (xlsx) await checkXlsx(bytes).catch(refuse);
  else if (bytes.includes(0)) throw refusal('importNulByte');
  let table: string[][];
  try {
    table = xlsx ? await readXlsx(bytes) : parseCsv(new TextDecoder('utf-8').decode(bytes));
  } catch {
    throw invalid({ file: ['importUnreadable'] });
  }
  for (const row of table)
    for (const cell of row) {
      if (cell.length > XLSX_LIMITS.cellBytes) throw refusal('importCellTooLarge', XLSX_LIMITS.cellBytes);
      if (cell.includes('\0')) throw refusal('importNulByte');
    }
  const header = table[0] ?? [];
  const columns: readonly string[] = IMPORT_COLUMNS[kind];
  const byKey = new Map(columns.map((c) => [headerKey(c), c]));
  const at = header.map((h) => byKey.get(headerKey(h)) ?? null);
  if (!at.some((c) => c !== null)) throw invalid({ file: ['importNoColumns'] });
  const body = table.slice(1).filter((r) => r.some((c) => c.trim() !== ''));
  if (body.length > MAX_IMPORT_ROWS) throw refusal('importTooManyRows', MAX_IMPORT_ROWS);
  if (!body.length) throw invalid({ file: ['importNoColumns'] });
  return body.map((r) => {
    const cells: Cells = {};
    for (const c of columns) cells[c] = '';
    at.forEach((c, i) => {
      if (c) cells[c] = (r[i] ?? '').trim();
    });
    // A spreadsheet keeps 0812345678 typed as a number as 812345678: the leading 0 is given back.
    if (xlsx && /^[1-9]\d{7,8}$/.test(cells.phone ?? '')) cells.phone = `0${cells.phone}`;
    return cells;
  });
}

// ---------------------------------------------------------------- looking names and keys up

interface Lookups {
  areas: Map<string, { id: number; lat: number | null; lng: number | null }>;
  /** `${areaId}|${name}` → id. */
  types: Map<string, number>;
  packages: Map<string, number>;
}

async function lookupsOf(db: Db | Tx, kind: ImportKind, scope: { companyId: number; appId: number; areaId: number | null }): Promise<Lookups> {
  const areaRows = await db
    .select({ id: areas.id, name: areas.name, lat: areas.centerLat, lng: areas.centerLng })
    .from(areas)
    .where(
      and(
        eq(areas.companyId, scope.companyId),
        eq(areas.appId, scope.appId),
        isNull(areas.deletedAt),
        scope.areaId === null ? undefined : eq(areas.id, scope.areaId),
      ),
    )
    .orderBy(asc(areas.id));
  const byName = new Map<string, { id: number; lat: number | null; lng: number | null }>();
  for (const a of areaRows) if (!byName.has(norm(a.name))) byName.set(norm(a.name), { id: a.id, lat: a.lat, lng: a.lng });
  const keyed = (rows: { id: number; areaId: number; name: string }[]) => {
    const m = new Map<string, number>();
    for (const r of rows) if (!m.has(`${r.areaId}|${norm(r.name)}`)) m.set(`${r.areaId}|${norm(r.name)}`, r.id);
    return m;
  };
  const inApp = <T extends typeof shopTypes | typeof shopPackages | typeof bikerPackages>(t: T) =>
    and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), isNull(t.deletedAt));
  if (kind === 'shop') {
    const [types, packages] = await Promise.all([
      db.select({ id: shopTypes.id, areaId: shopTypes.areaId, name: shopTypes.name }).from(shopTypes).where(inApp(shopTypes)).orderBy(asc(shopTypes.id)),
      db
        .select({ id: shopPackages.id, areaId: shopPackages.areaId, name: shopPackages.name })
        .from(shopPackages)
        .where(inApp(shopPackages))
        .orderBy(asc(shopPackages.id)),
    ]);
    return { areas: byName, types: keyed(types), packages: keyed(packages) };
  }
  const packages = await db
    .select({ id: bikerPackages.id, areaId: bikerPackages.areaId, name: bikerPackages.name })
    .from(bikerPackages)
    .where(inApp(bikerPackages))
    .orderBy(asc(bikerPackages.id));
  return { areas: byName, types: new Map(), packages: keyed(packages) };
}

/** A row checked alone: its values and references, or its errors per column. */
interface Checked {
  errors: FieldErrors;
  parsed: Parsed | null;
  areaId: number | null;
  typeId: number | null;
  packageId: number | null;
}

function checkRow(kind: ImportKind, cells: Cells, look: Lookups): Checked {
  const errors: FieldErrors = {};
  const add = (column: string, code: string) => (errors[column] ??= []).push(code);
  const result = importRowSchemas[kind].safeParse(cells);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const column = String(issue.path[0] ?? ROW_ERROR_KEY);
      if (!errors[column]?.includes(issue.message)) add(column, issue.message);
    }
  }
  const area = errors.area ? undefined : look.areas.get(norm(cells.area ?? ''));
  if (!errors.area && !area) add('area', 'unknownArea');
  let typeId: number | null = null;
  let packageId: number | null = null;
  if (area) {
    if (kind === 'shop' && !errors.type) {
      typeId = look.types.get(`${area.id}|${norm(cells.type ?? '')}`) ?? null;
      if (typeId === null) add('type', 'unknownReference');
    }
    if (!errors.package && (cells.package ?? '') !== '') {
      packageId = look.packages.get(`${area.id}|${norm(cells.package!)}`) ?? null;
      if (packageId === null) add('package', 'unknownReference');
    }
  }
  const parsed = result.success ? ({ kind, value: result.data } as Parsed) : null;
  return { errors, parsed, areaId: area?.id ?? null, typeId, packageId };
}

/** `column = ANY(list)` with the list as one JSON parameter (thousands of bound parameters are slow to bind). */
const anyOf = (column: AnyColumn, list: string[]) => sql`${column} IN (SELECT jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/** The row's key in its scope: a shop's phone in its area, a biker's phone in the app. */
const keyOf = (kind: ImportKind, areaId: number, phone: string) => (kind === 'shop' ? `${areaId}|${phone}` : phone);

/** Existing live shops or bikers of the app with these phones: key → id (and a shop's e-mails in their area). */
async function existingOf(db: Db | Tx, kind: ImportKind, scope: { companyId: number; appId: number }, phones: string[]) {
  const keys = new Map<string, number>();
  for (let i = 0; i < phones.length; i += 5000) {
    const part = phones.slice(i, i + 5000);
    if (kind === 'shop') {
      const rows = await db
        .select({ id: shops.id, areaId: shops.areaId, phone: shops.phone })
        .from(shops)
        .where(and(eq(shops.companyId, scope.companyId), eq(shops.appId, scope.appId), anyOf(shops.phone, part), isNull(shops.deletedAt)));
      for (const r of rows) keys.set(keyOf(kind, r.areaId, r.phone), r.id);
    } else {
      const rows = await db
        .select({ id: bikers.id, phone: bikers.phone })
        .from(bikers)
        .where(and(eq(bikers.companyId, scope.companyId), eq(bikers.appId, scope.appId), anyOf(bikers.phone, part), isNull(bikers.deletedAt)));
      for (const r of rows) keys.set(r.phone, r.id);
    }
  }
  return { keys };
}

/** Shops of the app whose e-mail (in their area) is one of these: `${areaId}|${email}` → phone. */
async function shopEmailsOf(db: Db | Tx, scope: { companyId: number; appId: number }, emails: string[]) {
  const out = new Map<string, string>();
  for (let i = 0; i < emails.length; i += 5000) {
    const rows = await db
      .select({ areaId: shops.areaId, email: shops.email, phone: shops.phone })
      .from(shops)
      .where(and(eq(shops.companyId, scope.companyId), eq(shops.appId, scope.appId), anyOf(shops.email, emails.slice(i, i + 5000)), isNull(shops.deletedAt)));
    for (const r of rows) out.set(`${r.areaId}|${r.email}`, r.phone);
  }
  return out;
}

/** How many more live shops the company's plan allows. */
async function shopRoom(db: Db | Tx, companyId: number): Promise<number> {
  const [[sub], [have]] = await Promise.all([
    db.select({ max: subscriptions.maxShops }).from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1),
    db
      .select({ n: count() })
      .from(shops)
      .where(and(eq(shops.companyId, companyId), isNull(shops.deletedAt))),
  ]);
  return Math.max(0, (sub?.max ?? DEFAULT_MAX_SHOPS) - (have?.n ?? 0));
}

// ---------------------------------------------------------------- the preview

interface PreviewRow {
  rowNo: number;
  data: Cells;
  errors: FieldErrors;
  outcome: 'invalid' | 'ready' | 'exists';
  refId: number | null;
}

/** Checks every row: alone, against the other rows of the file, against the database, and against the shop limit. */
async function previewRows(db: Db, kind: ImportKind, scope: ServiceScope, cells: Cells[]): Promise<PreviewRow[]> {
  const look = await lookupsOf(db, kind, scope);
  const checked = cells.map((c) => checkRow(kind, c, look));
  const phones = [...new Set(checked.flatMap((c) => (c.parsed ? [c.parsed.value.phone] : [])))];
  const { keys } = await existingOf(db, kind, scope, phones);
  const emailsTaken =
    kind === 'shop'
      ? await shopEmailsOf(db, scope, [...new Set(checked.flatMap((c) => (c.parsed?.kind === 'shop' ? [c.parsed.value.email] : [])))])
      : new Map<string, string>();
  const seenKeys = new Set<string>();
  const seenEmails = new Set<string>();
  let room = kind === 'shop' ? await shopRoom(db, scope.companyId) : Infinity;
  return checked.map((c, i) => {
    const errors = c.errors;
    const add = (column: string, code: string) => (errors[column] ??= []).push(code);
    let existing: number | null = null;
    if (c.parsed && c.areaId !== null) {
      const key = keyOf(kind, c.areaId, c.parsed.value.phone);
      if (seenKeys.has(key)) add('phone', 'duplicateInFile');
      seenKeys.add(key);
      existing = keys.get(key) ?? null;
      if (c.parsed.kind === 'shop') {
        const email = `${c.areaId}|${c.parsed.value.email}`;
        if (seenEmails.has(email)) add('email', 'duplicateInFile');
        seenEmails.add(email);
        const holder = emailsTaken.get(email);
        if (holder !== undefined && holder !== c.parsed.value.phone) add('email', 'taken');
      }
    }
    let outcome: PreviewRow['outcome'] = Object.keys(errors).length ? 'invalid' : existing !== null ? 'exists' : 'ready';
    if (outcome === 'ready' && kind === 'shop') {
      if (room > 0) room--;
      else {
        add(ROW_ERROR_KEY, 'shopLimit');
        outcome = 'invalid';
      }
    }
    return { rowNo: i + 2, data: cells[i]!, errors, outcome, refId: outcome === 'exists' ? existing : null };
  });
}

/** Reads, checks and stores a file: the job in `previewed` with its rows. */
export async function createImport(db: Db, scope: ServiceScope, kind: ImportKind, fileName: string, bytes: Buffer, now: Date): Promise<ImportJob> {
  const cells = await readImportFile(kind, bytes);
  const rows = await previewRows(db, kind, scope, cells);
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const invalidRows = rows.filter((r) => r.outcome === 'invalid').length;
  const existingRows = rows.filter((r) => r.outcome === 'exists').length;
  const id = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        kind,
        fileName,
        fileHash,
        status: 'previewed',
        totalRows: rows.length,
        invalidRows,
        existingRows,
        createdBy: scope.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: importJobs.id });
    // One JSON parameter per batch (jsonb_to_recordset): far cheaper than thousands of bound parameters.
    for (let i = 0; i < rows.length; i += STORE_BATCH) {
      const part = rows.slice(i, i + STORE_BATCH).map((r) => ({ row_no: r.rowNo, data: r.data, errors: r.errors, outcome: r.outcome, ref_id: r.refId }));
      await tx.execute(sql`
        INSERT INTO ${importRows} (job_id, row_no, data, errors, outcome, ref_id)
        SELECT ${job!.id}::int, r.row_no, r.data, r.errors, r.outcome, r.ref_id
        FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS r(row_no int, data jsonb, errors jsonb, outcome text, ref_id int)`);
    }
    return job!.id;
  });
  return (await getImport(db, scope, kind, id))!;
}

// ---------------------------------------------------------------- reading jobs and rows

const jobColumns = {
  id: importJobs.id,
  kind: importJobs.kind,
  fileName: importJobs.fileName,
  fileHash: importJobs.fileHash,
  status: importJobs.status,
  mode: importJobs.mode,
  totalRows: importJobs.totalRows,
  invalidRows: importJobs.invalidRows,
  doneRows: importJobs.doneRows,
  importedRows: importJobs.importedRows,
  existingRows: importJobs.existingRows,
  error: importJobs.error,
  createdBy: users.displayName,
  createdAt: importJobs.createdAt,
  finishedAt: importJobs.finishedAt,
};
type JobRow = { [K in keyof typeof jobColumns]: unknown } & {
  id: number;
  kind: ImportKind;
  status: ImportJob['status'];
  mode: ImportMode | null;
  totalRows: number;
  invalidRows: number;
  doneRows: number;
  importedRows: number;
  existingRows: number;
  error: string;
  fileName: string;
  fileHash: string;
  createdBy: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

const toJob = (r: JobRow, sameFile: ImportJob['sameFile'] = null): ImportJob => ({
  id: String(r.id),
  kind: r.kind,
  fileName: r.fileName,
  status: r.status,
  mode: r.mode,
  totalRows: r.totalRows,
  invalidRows: r.invalidRows,
  doneRows: r.doneRows,
  importedRows: r.importedRows,
  existingRows: r.existingRows,
  readyRows: Math.max(0, r.totalRows - r.invalidRows - r.existingRows - r.importedRows),
  error: r.error,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  sameFile,
});

/** An app's jobs of a kind; staff see their own imports only. */
const jobScope = (scope: ServiceScope, kind: ImportKind) =>
  and(
    eq(importJobs.companyId, scope.companyId),
    eq(importJobs.appId, scope.appId),
    eq(importJobs.kind, kind),
    scope.role === 'staff' ? eq(importJobs.createdBy, scope.userId) : undefined,
  );

const selectJobs = (db: Db | Tx) => db.select(jobColumns).from(importJobs).leftJoin(users, eq(users.id, importJobs.createdBy));

export async function getImport(db: Db, scope: ServiceScope, kind: ImportKind, id: number): Promise<ImportJob | null> {
  const [row] = await selectJobs(db)
    .where(and(jobScope(scope, kind), eq(importJobs.id, id)))
    .limit(1);
  if (!row) return null;
  const [same] = await db
    .select({ id: importJobs.id, createdAt: importJobs.createdAt })
    .from(importJobs)
    .where(
      and(jobScope(scope, kind), eq(importJobs.fileHash, row.fileHash), ne(importJobs.id, id), eq(importJobs.status, 'done'), sql`${importJobs.id} < ${id}`),
    )
    .orderBy(desc(importJobs.id))
    .limit(1);
  return toJob(row as JobRow, same ? { id: String(same.id), createdAt: same.createdAt.toISOString() } : null);
}

export async function listImports(
  db: Db,
  scope: ServiceScope,
  kind: ImportKind,
  page: number,
  pageSize: number,
): Promise<{ rows: ImportJob[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    selectJobs(db)
      .where(jobScope(scope, kind))
      .orderBy(desc(importJobs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(importJobs).where(jobScope(scope, kind)),
  ]);
  return { rows: rows.map((r) => toJob(r as JobRow)), total: total?.n ?? 0 };
}

export async function listImportRows(
  db: Db,
  scope: ServiceScope,
  kind: ImportKind,
  id: number,
  query: { page: number; pageSize: number; invalid?: '0' | '1' },
): Promise<{ rows: ImportRow[]; total: number }> {
  if (!(await getImport(db, scope, kind, id))) throw notFoundData();
  const where = and(eq(importRows.jobId, id), query.invalid === '1' ? eq(importRows.outcome, 'invalid') : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(importRows)
      .where(where)
      .orderBy(asc(importRows.rowNo))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(importRows).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ rowNo: r.rowNo, data: r.data, errors: r.errors, outcome: r.outcome, refId: r.refId === null ? null : String(r.refId) })),
    total: total?.n ?? 0,
  };
}

/** The errors of a row in words: `phone: Telephone Number is not valid; area: Unknown area`. */
export const errorsInWords = (errors: Record<string, string[]>): string =>
  Object.entries(errors)
    .map(([column, codes]) => `${column}: ${codes.map((c) => IMPORT_ERROR_WORDS[c] ?? c).join(', ')}`)
    .join('; ');

/** The refused rows as CSV lines, in batches: the original cells and their errors in words. */
export async function* refusedBatches(db: Db, kind: ImportKind, id: number): AsyncGenerator<unknown[][]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ rowNo: importRows.rowNo, data: importRows.data, errors: importRows.errors })
      .from(importRows)
      .where(and(eq(importRows.jobId, id), eq(importRows.outcome, 'invalid'), sql`${importRows.rowNo} > ${after}`))
      .orderBy(asc(importRows.rowNo))
      .limit(1000);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.rowNo;
    yield rows.map((r) => [r.rowNo, ...IMPORT_COLUMNS[kind].map((c) => r.data[c] ?? ''), errorsInWords(r.errors)]);
  }
}
export const refusedHeader = (kind: ImportKind) => ['row', ...IMPORT_COLUMNS[kind], 'errors'];

// ---------------------------------------------------------------- running

/** Jobs being run by this process (one loop per job). */
const runningHere = new Set<number>();

/** Starts an import: `valid` imports the valid rows; `all` only when no row is invalid (400 `importHasInvalidRows`). */
export async function runImport(deps: AppDeps, scope: ServiceScope, kind: ImportKind, id: number, mode: ImportMode): Promise<ImportJob> {
  const job = await getImport(deps.db, scope, kind, id);
  if (!job) throw notFoundData();
  if (job.status !== 'previewed') throw conflict(job);
  if (mode === 'all' && job.invalidRows > 0) throw invalid({ mode: ['importHasInvalidRows'] });
  const [claimed] = await deps.db
    .update(importJobs)
    .set({ status: 'running', mode, updatedAt: deps.now() })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'previewed')))
    .returning({ id: importJobs.id });
  if (!claimed) throw conflict(await getImport(deps.db, scope, kind, id));
  startRunner(deps, id);
  return (await getImport(deps.db, scope, kind, id))!;
}

/** Resumes the jobs a stopped process left running: their remaining `ready` rows (done batches are not redone). */
export async function resumeImports(deps: AppDeps): Promise<number> {
  const rows = await deps.db.select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.status, 'running'));
  for (const r of rows) startRunner(deps, r.id);
  return rows.length;
}

function startRunner(deps: AppDeps, id: number): void {
  if (runningHere.has(id)) return;
  runningHere.add(id);
  void runJob(deps, id)
    .catch(async (error: unknown) => {
      if (deps.ready && !deps.ready()) return; // shutting down: the next start resumes it
      deps.log(`[imports] job ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
      await deps.db
        .update(importJobs)
        .set({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'failed', finishedAt: deps.now(), updatedAt: deps.now() })
        .where(eq(importJobs.id, id))
        .catch(() => undefined);
    })
    .finally(() => runningHere.delete(id));
}

/** Whether an import is being run by this process (tests and the benchmark wait on it). */
export const isRunningHere = (id: number) => runningHere.has(id);

async function runJob(deps: AppDeps, id: number): Promise<void> {
  const db = deps.db;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
  if (!job || job.status !== 'running') return;
  const [creator] = job.createdBy ? await db.select({ areaId: users.areaId, role: users.role }).from(users).where(eq(users.id, job.createdBy)).limit(1) : [];
  const scope = { companyId: job.companyId, appId: job.appId, areaId: creator?.role === 'staff' ? (creator.areaId ?? null) : null };
  const look = await lookupsOf(db, job.kind, scope);
  for (;;) {
    if (deps.ready && !deps.ready()) return;
    const batch = await db
      .select({ rowNo: importRows.rowNo, data: importRows.data })
      .from(importRows)
      .where(and(eq(importRows.jobId, id), eq(importRows.outcome, 'ready')))
      .orderBy(asc(importRows.rowNo))
      .limit(BATCH);
    if (!batch.length) break;
    await db.transaction((tx) => runBatch(tx, job.kind, job.id, job.createdBy, scope, look, batch, deps.now()));
    // Let the requests waiting meanwhile (progress reads) have the database between two batches.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const now = deps.now();
  await db
    .update(importJobs)
    .set({ status: 'done', finishedAt: now, updatedAt: now })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')));
}

/** The rows of a raw query's answer (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(answer: unknown): T[] => (answer as { rows: T[] }).rows;

type Outcome = { rowNo: number; outcome: 'imported' | 'exists' | 'invalid'; refId: number | null; errors: FieldErrors | null };

async function runBatch(
  tx: Tx,
  kind: ImportKind,
  jobId: number,
  userId: number | null,
  scope: { companyId: number; appId: number; areaId: number | null },
  look: Lookups,
  batch: { rowNo: number; data: Cells }[],
  now: Date,
): Promise<void> {
  // One batch at a time per company: the shop limit and the keys are read and written without a race.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`imports:${scope.companyId}`}))`);
  const checked = batch.map((r) => ({ row: r, c: checkRow(kind, r.data, look) }));
  const phones = [...new Set(checked.flatMap(({ c }) => (c.parsed ? [c.parsed.value.phone] : [])))];
  const { keys } = await existingOf(tx, kind, scope, phones);
  let room = kind === 'shop' ? await shopRoom(tx, scope.companyId) : Infinity;
  const outcomes: Outcome[] = [];
  const toInsert: { rowNo: number; c: Checked }[] = [];
  const seen = new Set<string>();
  for (const { row, c } of checked) {
    if (!c.parsed || Object.keys(c.errors).length || c.areaId === null) {
      // A name that no longer resolves (a type deleted since the preview): refused with its errors.
      outcomes.push({
        rowNo: row.rowNo,
        outcome: 'invalid',
        refId: null,
        errors: Object.keys(c.errors).length ? c.errors : { [ROW_ERROR_KEY]: ['unknownReference'] },
      });
      continue;
    }
    const key = keyOf(kind, c.areaId, c.parsed.value.phone);
    const existing = keys.get(key);
    if (existing !== undefined || seen.has(key)) {
      outcomes.push({ rowNo: row.rowNo, outcome: 'exists', refId: existing ?? null, errors: null });
      continue;
    }
    if (room <= 0) {
      outcomes.push({ rowNo: row.rowNo, outcome: 'invalid', refId: null, errors: { [ROW_ERROR_KEY]: ['shopLimit'] } });
      continue;
    }
    room--;
    seen.add(key);
    toInsert.push({ rowNo: row.rowNo, c });
  }
  if (toInsert.length) {
    const areaById = new Map([...look.areas.values()].map((a) => [a.id, a]));
    // One JSON parameter for the batch (jsonb_to_recordset), the rows mapped back to their ids by their key.
    const made =
      kind === 'shop'
        ? await tx.execute<{ id: number; area_id: number; phone: string }>(sql`
            INSERT INTO ${shops} (company_id, app_id, area_id, name, owner, email, phone, open_time, close_time, lat, lng, type_id, package_id, status, created_at, updated_at, updated_by)
            SELECT ${scope.companyId}::int, ${scope.appId}::int, r.area_id, r.name, r.owner, r.email, r.phone, r.open_time, r.close_time, r.lat, r.lng, r.type_id, r.package_id,
              'pending', ${now}::timestamptz, ${now}::timestamptz, ${userId}::int
            FROM jsonb_to_recordset(${JSON.stringify(
              toInsert.map(({ c }) => {
                const v = (c.parsed as { kind: 'shop'; value: ShopImportRow }).value;
                const area = areaById.get(c.areaId!);
                return {
                  area_id: c.areaId,
                  name: v.name,
                  owner: v.owner,
                  email: v.email,
                  phone: v.phone,
                  open_time: v.openTime ?? '08:00',
                  close_time: v.closeTime ?? '20:00',
                  lat: area?.lat ?? 0,
                  lng: area?.lng ?? 0,
                  type_id: c.typeId,
                  package_id: c.packageId,
                };
              }),
            )}::jsonb) AS r(area_id int, name text, owner text, email text, phone text, open_time text, close_time text, lat numeric, lng numeric, type_id int, package_id int)
            RETURNING id, area_id, phone`)
        : await tx.execute<{ id: number; area_id: number; phone: string }>(sql`
            INSERT INTO ${bikers} (company_id, app_id, area_id, name, phone, vehicle, plate, package_id, status, presence, created_at, updated_at)
            SELECT ${scope.companyId}::int, ${scope.appId}::int, r.area_id, r.name, r.phone, r.vehicle, r.plate, r.package_id, 'active', 'offline', ${now}::timestamptz, ${now}::timestamptz
            FROM jsonb_to_recordset(${JSON.stringify(
              toInsert.map(({ c }) => {
                const v = (c.parsed as { kind: 'biker'; value: BikerImportRow }).value;
                return { area_id: c.areaId, name: v.name, phone: v.phone, vehicle: v.vehicle, plate: v.plate, package_id: c.packageId };
              }),
            )}::jsonb) AS r(area_id int, name text, phone text, vehicle text, plate text, package_id int)
            RETURNING id, area_id, phone`);
    const idByKey = new Map(rowsOf<{ id: number; area_id: number; phone: string }>(made).map((r) => [keyOf(kind, Number(r.area_id), r.phone), Number(r.id)]));
    for (const r of toInsert) {
      const v = r.c.parsed!.value;
      outcomes.push({ rowNo: r.rowNo, outcome: 'imported', refId: idByKey.get(keyOf(kind, r.c.areaId!, v.phone)) ?? null, errors: null });
    }
  }
  const changes = outcomes.map((o) => ({ row_no: o.rowNo, outcome: o.outcome, ref_id: o.refId, errors: o.errors }));
  await tx.execute(sql`
    UPDATE ${importRows} AS r SET outcome = v.outcome, ref_id = v.ref_id, errors = coalesce(v.errors, r.errors)
    FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS v(row_no int, outcome text, ref_id int, errors jsonb)
    WHERE r.job_id = ${jobId} AND r.row_no = v.row_no`);
  const tally = (o: Outcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
  await tx
    .update(importJobs)
    .set({
      doneRows: sql`${importJobs.doneRows} + ${outcomes.length}`,
      importedRows: sql`${importJobs.importedRows} + ${tally('imported')}`,
      existingRows: sql`${importJobs.existingRows} + ${tally('exists')}`,
      invalidRows: sql`${importJobs.invalidRows} + ${tally('invalid')}`,
      updatedAt: now,
    })
    .where(eq(importJobs.id, jobId));
}
