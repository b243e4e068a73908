import 'server-only';

import { IMPORT_SEGMENT, importJobSchema, importRowSchema, type ImportJob, type ImportKind, type ImportRow } from '@contract/imports';
import { fetchForPage } from '@/lib/server/page-fetch';
import { isUpstreamError } from '@/lib/server/upstream';
import { listAnswerSchema, oneAnswerSchema } from './server';

/** Reads of the import screens (`/Import/Shop`, `/Import/Biker`; contract/imports.ts). */
export const importApiPath = (service: string, kind: ImportKind) => `/api/admin/${service}/Import/${IMPORT_SEGMENT[kind]}`;

export async function fetchImports(service: string, kind: ImportKind, page: number, returnTo: string): Promise<{ rows: ImportJob[]; total: number }> {
  const answer = await fetchForPage(importApiPath(service, kind), { schema: listAnswerSchema(importJobSchema), returnTo, query: { page, pageSize: 10 } });
  return { rows: answer.data, total: answer.total };
}

/** One import, or null when it is not there (or not the user's). */
export async function fetchImport(service: string, kind: ImportKind, id: string, returnTo: string): Promise<ImportJob | null> {
  if (!/^[1-9]\d{0,9}$/.test(id)) return null;
  try {
    return (await fetchForPage(`${importApiPath(service, kind)}/${id}`, { schema: oneAnswerSchema(importJobSchema), returnTo })).data;
  } catch (error) {
    if (isUpstreamError(error) && error.status === 404) return null;
    throw error;
  }
}

export async function fetchImportRows(
  service: string,
  kind: ImportKind,
  id: string,
  query: { page: number; pageSize: number; invalid: boolean },
  returnTo: string,
): Promise<{ rows: ImportRow[]; total: number }> {
  const answer = await fetchForPage(`${importApiPath(service, kind)}/${id}/rows`, {
    schema: listAnswerSchema(importRowSchema),
    returnTo,
    query: { page: query.page, pageSize: query.pageSize, ...(query.invalid ? { invalid: '1' } : {}) },
  });
  return { rows: answer.data, total: answer.total };
}
