import { LANG_CSV_HEADER, LANG_IMPORT_MAX_KEYS, LANGS, langKeyField, langTextField, type Lang, type LangFileFormat } from '@contract/resources/lang-strings';
import { CODES } from '@contract/codes';
import { csvLine } from '../kit/export';

/** The texts a file gives one key: only the languages it names (an empty text is none). */
export type LangTexts = Partial<Record<Lang, string>>;
/** Where a file is wrong: `line 4` (CSV) or the key (JSON), the column or field, and the code. */
export interface LangFileProblem {
  at: string;
  field: string;
  code: string;
}
export interface LangFile {
  entries: Map<string, LangTexts>;
  problems: LangFileProblem[];
}

/** At most this many problems are answered: enough to fix a file, never a megabyte of them. */
const MAX_PROBLEMS = 50;
const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value);

/**
 * The records of a CSV text (RFC 4180: quoted fields with commas, quotes and line breaks; CRLF or LF; a leading
 * byte-order mark dropped), each with the line it starts on.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      any = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      any = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      fields.push(field);
      if (any || field !== '') records.push({ line: start, fields });
      fields = [];
      field = '';
      any = false;
      line++;
      start = line;
    } else {
      field += ch;
      any = true;
    }
  }
  if (any || field !== '') {
    fields.push(field);
    records.push({ line: start, fields });
  }
  return records;
}

/** A text as an export wrote it: the `'` that defused a spreadsheet formula (`'=1+1`) taken off again. */
export const undefused = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

function checkEntry(out: LangFile, at: string, rawKey: unknown, texts: Record<string, unknown>): void {
  const problem = (field: string, code: string) => {
    if (out.problems.length < MAX_PROBLEMS) out.problems.push({ at, field, code });
  };
  const key = langKeyField().safeParse(rawKey);
  if (!key.success) return problem('key', key.error.issues[0]?.message ?? CODES.invalidLangKey);
  if (out.entries.has(key.data)) return problem('key', CODES.taken);
  const entry: LangTexts = {};
  for (const [lang, value] of Object.entries(texts)) {
    if (!isLang(lang)) {
      problem(lang, CODES.invalidLangFile);
      continue;
    }
    const text = langTextField().safeParse(value);
    if (!text.success) problem(lang, text.error.issues[0]?.message ?? CODES.invalidLangFile);
    else if (text.data !== '') entry[lang] = text.data;
  }
  if (out.entries.size >= LANG_IMPORT_MAX_KEYS) return problem('key', CODES.outOfRange);
  out.entries.set(key.data, entry);
}

function readCsv(content: string): LangFile {
  const out: LangFile = { entries: new Map(), problems: [] };
  const [head, ...rows] = parseCsv(content);
  const columns = (head?.fields ?? []).map((c) => c.trim().toLowerCase());
  const unknown = columns.filter((c) => c !== 'key' && !isLang(c));
  if (!head || !columns.includes('key') || unknown.length > 0 || new Set(columns).size !== columns.length) {
    out.problems.push({ at: 'line 1', field: unknown[0] ?? 'key', code: CODES.invalidLangFile });
    return out;
  }
  for (const row of rows) {
    if (row.fields.every((f) => f.trim() === '')) continue;
    if (row.fields.length > columns.length) {
      out.problems.push({ at: `line ${row.line}`, field: 'key', code: CODES.invalidLangFile });
      continue;
    }
    const texts: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (c !== 'key') texts[c] = undefused(row.fields[i] ?? '');
    });
    checkEntry(out, `line ${row.line}`, undefused(row.fields[columns.indexOf('key')] ?? ''), texts);
  }
  return out;
}

function readJson(content: string): LangFile {
  const out: LangFile = { entries: new Map(), problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.startsWith('\uFEFF') ? content.slice(1) : content);
  } catch {
    out.problems.push({ at: 'file', field: 'content', code: CODES.invalidLangFile });
    return out;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    out.problems.push({ at: 'file', field: 'content', code: CODES.invalidLangFile });
    return out;
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      if (out.problems.length < MAX_PROBLEMS) out.problems.push({ at: key, field: 'key', code: CODES.invalidLangFile });
      continue;
    }
    checkEntry(out, key, key, value as Record<string, unknown>);
  }
  return out;
}

/** Reads an imported file: its keys with the texts it gives, or what is wrong with it. */
export function readLangFile(format: LangFileFormat, content: string): LangFile {
  return format === 'csv' ? readCsv(content) : readJson(content);
}

export interface LangRowTexts {
  key: string;
  en: string;
  th: string;
  zh: string;
  my: string;
}

/** The JSON export: `{ key: { en, th, zh, my } }` in key order. */
export function langJson(rows: LangRowTexts[]): Record<string, Record<Lang, string>> {
  const out: Record<string, Record<Lang, string>> = {};
  for (const r of rows) out[r.key] = { en: r.en, th: r.th, zh: r.zh, my: r.my };
  return out;
}

/** The CSV export: a byte-order mark (so spreadsheets read Thai and Burmese as UTF-8), the header, a line per key; formulas defused. */
export function langCsv(rows: LangRowTexts[]): string {
  return `\uFEFF${csvLine([...LANG_CSV_HEADER])}${rows.map((r) => csvLine([r.key, r.en, r.th, r.zh, r.my])).join('')}`;
}
