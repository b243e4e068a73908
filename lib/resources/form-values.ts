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

/** Whether a field is on the form with these values (a `visibleWhen` field only while the other field matches). */
export const isShown = (field: Pick<FieldDef, 'visibleWhen'>, values: FormValues): boolean =>
  !field.visibleWhen || values[field.visibleWhen.field] === field.visibleWhen.equals;

/** The field with the kind its `kindBy` gives for these values (a row's or the form's). */
export function resolveKind<F extends Pick<FieldDef, 'kind' | 'kindBy'>>(field: F, values: Record<string, unknown>): F {
  const kind = field.kindBy?.kinds[String(values[field.kindBy.field] ?? '')];
  return kind ? { ...field, kind } : field;
}

/** A row (or the module's defaults) as form values. */
export function toFormValues(res: ResourceModule, row: Record<string, unknown>): FormValues {
  return valuesOf(allFields(res), row);
}

/** The values of some fields of a row; a `rows` field holds one set of values per row. */
export function valuesOf(fields: readonly FieldDef[], row: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const declared of fields) {
    const field = resolveKind(declared, row);
    const value = row[field.name];
    if (field.kind === 'checkbox') out[field.name] = value === true;
    else if (field.kind === 'money' || field.kind === 'percent') out[field.name] = typeof value === 'number' ? satangToInput(value) : '';
    else if (field.kind === 'multiSelect' || field.kind === 'images') out[field.name] = (Array.isArray(value) ? value : []).map(String);
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
  for (const declared of fields) {
    if (declared.createOnly && options.mode === 'edit') continue;
    if (declared.adminOnly && !options.isAdmin) continue;
    if (!isShown(declared, values)) continue;
    const field = resolveKind(declared, values);
    const raw = values[field.name];
    if (field.kind === 'checkbox') {
      body[field.name] = raw === true;
      continue;
    }
    if (field.kind === 'multiSelect' || field.kind === 'images') {
      body[field.name] = (Array.isArray(raw) ? raw : []).map(String);
      continue;
    }
    if (field.kind === 'rows') {
      body[field.name] = (Array.isArray(raw) ? (raw as FormValues[]) : []).map((item) => bodyOf(field.rows?.fields ?? [], item, options));
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '' && !field.required) continue;
    if (field.kind === 'number') body[field.name] = /^-?\d{1,15}$/.test(text) ? Number(text) : text === '' ? undefined : text;
    else if (field.kind === 'money' || field.kind === 'percent') body[field.name] = inputToSatang(text) ?? (text === '' ? undefined : text);
    else body[field.name] = text;
  }
  return body;
}
