import type { FieldDef, ResourceModule } from './kit';

/** What a form holds per field: the text the user typed (numbers and money too) or a checkbox's state. */
export type FormValues = Record<string, string | boolean | unknown>;

/** Integer satang as the text a person types: 12050 → '120.50'. */
export function satangToInput(satang: number): string {
  const value = BigInt(satang);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Typed money to integer satang without floats: '120.5' → 12050; anything else → null. */
export function inputToSatang(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const whole = BigInt(match[1]!);
  const cents = BigInt((match[2] ?? '').padEnd(2, '0'));
  return Number(whole * 100n + cents);
}

const allFields = (res: ResourceModule): FieldDef[] => res.sections.flatMap((s) => s.fields);

/** A row (or the module's defaults) as form values. */
export function toFormValues(res: ResourceModule, row: Record<string, unknown>): FormValues {
  return valuesOf(allFields(res), row);
}

/** The values of some fields of a row; a `rows` field holds one set of values per row. */
export function valuesOf(fields: readonly FieldDef[], row: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    const value = row[field.name];
    if (field.kind === 'checkbox') out[field.name] = value === true;
    else if (field.kind === 'money') out[field.name] = typeof value === 'number' ? satangToInput(value) : '';
    else if (field.kind === 'rows')
      out[field.name] = (Array.isArray(value) ? value : []).map((item) => valuesOf(field.rows?.fields ?? [], (item ?? {}) as Record<string, unknown>));
    else out[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return out;
}

/** Form values as the request body: integers parsed, money in satang, empty optional fields left out. */
export function toBody(res: ResourceModule, values: FormValues, options: { mode: 'add' | 'edit'; isAdmin: boolean }): Record<string, unknown> {
  return bodyOf(allFields(res), values, options);
}

function bodyOf(fields: readonly FieldDef[], values: FormValues, options: { mode: 'add' | 'edit'; isAdmin: boolean }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.createOnly && options.mode === 'edit') continue;
    if (field.adminOnly && !options.isAdmin) continue;
    const raw = values[field.name];
    if (field.kind === 'checkbox') {
      body[field.name] = raw === true;
      continue;
    }
    if (field.kind === 'rows') {
      body[field.name] = (Array.isArray(raw) ? (raw as FormValues[]) : []).map((item) => bodyOf(field.rows?.fields ?? [], item, options));
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '' && !field.required) continue;
    if (field.kind === 'number') body[field.name] = /^-?\d{1,15}$/.test(text) ? Number(text) : text === '' ? undefined : text;
    else if (field.kind === 'money') body[field.name] = inputToSatang(text) ?? (text === '' ? undefined : text);
    else body[field.name] = text;
  }
  return body;
}
