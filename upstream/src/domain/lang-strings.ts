import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  LANG_CLIENTS,
  LANGS,
  type Lang,
  type LangClient,
  type LangImport,
  type LangImportResult,
  type LangStringItem,
  type LangStringQuery,
  type LangStringSave,
  type LangSummary,
} from '@contract/resources/lang-strings';
import { CODES } from '@contract/codes';
import type { Db, Tx } from '../db/client';
import { apps, langBundles, langStrings, users } from '../db/schema';
import { ApiError, conflict, invalid, isUniqueViolation, MESSAGES, notFoundData } from '../kit/errors';
import { searchWhere } from '../kit/list';
import { idString } from '../kit/schemas';
import { readLangFile, type LangRowTexts, type LangTexts } from './lang-files';
import type { ServiceScope } from './scope';

/**
 * Setting → Language: the words of the member, shop and biker apps, per app and client, in the four languages ('' where
 * a translation is missing). Every change bumps the client's bundle version in the same transaction: the apps' cache
 * key (`/api/app/{service}/Lang/{client}` answers it as its ETag).
 */
const t = langStrings;
type Conn = Db | Tx;

const inClient = (scope: ServiceScope, client: LangClient): SQL => and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), eq(t.client, client))!;

const itemColumns = { s: t, name: users.displayName };
function toItem(row: { s: typeof t.$inferSelect; name: string | null }): LangStringItem {
  const s = row.s;
  return {
    id: String(s.id),
    client: s.client,
    key: s.key,
    en: s.en,
    th: s.th,
    zh: s.zh,
    my: s.my,
    version: s.version,
    updatedAt: s.updatedAt.toISOString(),
    updatedBy: s.updatedBy === null ? null : { uid: idString(s.updatedBy), displayName: row.name ?? '' },
  };
}
const readItems = (db: Conn, where: SQL) => db.select(itemColumns).from(t).leftJoin(users, eq(users.id, t.updatedBy)).where(where);

/** The keys without a text in `missing` (`any`: in one of the languages). */
function missingWhere(missing: LangStringQuery['missing']): SQL | undefined {
  if (!missing) return undefined;
  if (missing === 'any') return or(...LANGS.map((l) => eq(t[l], '')));
  return eq(t[missing], '');
}

/** One page of a client's strings in key order, searched in the key and every text. */
export async function listLangStrings(db: Db, scope: ServiceScope, query: LangStringQuery): Promise<{ rows: LangStringItem[]; total: number }> {
  const where = and(inClient(scope, query.client), searchWhere([t.key, ...LANGS.map((l) => t[l])], query.q), missingWhere(query.missing))!;
  const [rows, [total]] = await Promise.all([
    readItems(db, where)
      .orderBy(asc(t.key))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

/** Each client's count of keys, of keys missing each language, and its bundle version. */
export async function langSummary(db: Db, scope: ServiceScope): Promise<LangSummary[]> {
  const missingOf = (lang: Lang) => sql<number>`count(*) filter (where ${t[lang]} = '')`.mapWith(Number);
  const [counts, bundles] = await Promise.all([
    db
      .select({ client: t.client, total: count(), en: missingOf('en'), th: missingOf('th'), zh: missingOf('zh'), my: missingOf('my') })
      .from(t)
      .where(and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId)))
      .groupBy(t.client),
    db
      .select({ client: langBundles.client, version: langBundles.version })
      .from(langBundles)
      .where(and(eq(langBundles.companyId, scope.companyId), eq(langBundles.appId, scope.appId))),
  ]);
  return LANG_CLIENTS.map((client) => {
    const c = counts.find((r) => r.client === client);
    return {
      client,
      total: c?.total ?? 0,
      version: Number(bundles.find((b) => b.client === client)?.version ?? 0),
      missing: { en: c?.en ?? 0, th: c?.th ?? 0, zh: c?.zh ?? 0, my: c?.my ?? 0 },
    };
  });
}

/** Bumps a client's bundle version (made at 1 the first time): called once in every changing transaction. */
export async function bumpBundle(tx: Tx, scope: Pick<ServiceScope, 'companyId' | 'appId'>, client: LangClient, now: Date): Promise<number> {
  const [row] = await tx
    .insert(langBundles)
    .values({ companyId: scope.companyId, appId: scope.appId, client, version: 1, updatedAt: now })
    .onConflictDoUpdate({ target: [langBundles.appId, langBundles.client], set: { version: sql`${langBundles.version} + 1`, updatedAt: now } })
    .returning({ version: langBundles.version });
  return Number(row!.version);
}

/** The bundle version of a client: 0 before its first string. */
export async function bundleVersion(db: Conn, scope: ServiceScope, client: LangClient): Promise<number> {
  const [row] = await db
    .select({ version: langBundles.version })
    .from(langBundles)
    .where(and(eq(langBundles.companyId, scope.companyId), eq(langBundles.appId, scope.appId), eq(langBundles.client, client)));
  return Number(row?.version ?? 0);
}

/** Adds a key (400 `{key: ['taken']}` when the client has it already). */
export async function createLangString(
  db: Db,
  scope: ServiceScope,
  input: { client: LangClient; key: string } & Record<Lang, string>,
  now: Date,
): Promise<LangStringItem> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(t)
        .values({ companyId: scope.companyId, appId: scope.appId, ...input, createdAt: now, updatedAt: now, updatedBy: scope.userId })
        .returning({ id: t.id });
      await bumpBundle(tx, scope, input.client, now);
      return row!.id;
    });
    const [item] = await readItems(db, eq(t.id, id));
    return toItem(item!);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ key: [CODES.taken] });
    throw error;
  }
}

/**
 * Saves many cells at once, all or none, bumping the bundle once. A row whose version is stale, or that is gone, is a
 * 409 with the rows as they are now (`rows`) and the ids gone (`gone`); nothing is saved then.
 */
export async function saveLangStrings(db: Db, scope: ServiceScope, body: LangStringSave, now: Date): Promise<{ rows: LangStringItem[]; version: number }> {
  const ids = body.rows.map((r) => Number(r.id));
  const version = await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: t.id, version: t.version })
      .from(t)
      .where(and(inClient(scope, body.client), inArray(t.id, ids)))
      .for('update');
    const byId = new Map(current.map((r) => [r.id, r.version]));
    const gone = ids.filter((id) => !byId.has(id));
    const stale = body.rows.filter((r) => byId.has(Number(r.id)) && byId.get(Number(r.id)) !== r.version).map((r) => Number(r.id));
    if (gone.length > 0 || stale.length > 0) {
      const rows = stale.length ? (await readItems(tx, inArray(t.id, stale)).orderBy(asc(t.key))).map(toItem) : [];
      throw conflict({ rows, gone: gone.map(String) });
    }
    for (const row of body.rows) {
      const texts: Partial<Record<Lang, string>> = {};
      for (const lang of LANGS) if (row[lang] !== undefined) texts[lang] = row[lang];
      await tx
        .update(t)
        .set({ ...texts, version: sql`${t.version} + 1`, updatedAt: now, updatedBy: scope.userId })
        .where(eq(t.id, Number(row.id)));
    }
    return bumpBundle(tx, scope, body.client, now);
  });
  const rows = (await readItems(db, inArray(t.id, ids)).orderBy(asc(t.key))).map(toItem);
  return { rows, version };
}

/** Deletes a key of the app (404 when there is none). */
export async function deleteLangString(db: Db, scope: ServiceScope, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(t)
      .where(and(eq(t.id, id), eq(t.companyId, scope.companyId), eq(t.appId, scope.appId)))
      .returning({ client: t.client });
    if (!gone) throw notFoundData();
    await bumpBundle(tx, scope, gone.client, now);
  });
}

/** Every string of a client in key order (the export). */
export async function langRows(db: Db, scope: ServiceScope, client: LangClient): Promise<LangRowTexts[]> {
  return db.select({ key: t.key, en: t.en, th: t.th, zh: t.zh, my: t.my }).from(t).where(inClient(scope, client)).orderBy(asc(t.key));
}

/**
 * Imports a file by merging: new keys are created, texts the file gives that differ are updated, an empty text in the
 * file leaves the kept one alone, no key is deleted. A wrong file is 400 `{content: ['invalidLangFile']}` with its
 * problems in `data.problems`; nothing is saved then. `dryRun` answers the counts without saving.
 */
export async function importLangStrings(db: Db, scope: ServiceScope, body: LangImport, now: Date): Promise<LangImportResult> {
  const file = readLangFile(body.format, body.content);
  if (file.problems.length > 0) throw new ApiError(400, MESSAGES.validation, { content: [CODES.invalidLangFile] }, { problems: file.problems });
  const run = async (conn: Conn) => {
    const existing = new Map(
      (await conn.select({ id: t.id, key: t.key, en: t.en, th: t.th, zh: t.zh, my: t.my }).from(t).where(inClient(scope, body.client))).map((r) => [r.key, r]),
    );
    const creates: { key: string; texts: LangTexts }[] = [];
    const changes: { id: number; texts: LangTexts }[] = [];
    let unchanged = 0;
    for (const [key, texts] of file.entries) {
      const row = existing.get(key);
      if (!row) {
        creates.push({ key, texts });
        continue;
      }
      const diff: LangTexts = {};
      for (const lang of LANGS) if (texts[lang] !== undefined && texts[lang] !== row[lang]) diff[lang] = texts[lang];
      if (Object.keys(diff).length > 0) changes.push({ id: row.id, texts: diff });
      else unchanged++;
    }
    return { creates, changes, unchanged };
  };
  if (body.dryRun) {
    const plan = await run(db);
    return {
      client: body.client,
      created: plan.creates.length,
      changed: plan.changes.length,
      unchanged: plan.unchanged,
      applied: false,
      version: await bundleVersion(db, scope, body.client),
    };
  }
  return db.transaction(async (tx) => {
    const plan = await run(tx);
    let version = await bundleVersion(tx, scope, body.client);
    if (plan.creates.length + plan.changes.length > 0) {
      const base = { companyId: scope.companyId, appId: scope.appId, client: body.client, createdAt: now, updatedAt: now, updatedBy: scope.userId };
      for (let i = 0; i < plan.creates.length; i += 500) {
        await tx
          .insert(t)
          .values(
            plan.creates
              .slice(i, i + 500)
              .map((c) => ({ ...base, key: c.key, en: c.texts.en ?? '', th: c.texts.th ?? '', zh: c.texts.zh ?? '', my: c.texts.my ?? '' })),
          );
      }
      for (const change of plan.changes) {
        await tx
          .update(t)
          .set({ ...change.texts, version: sql`${t.version} + 1`, updatedAt: now, updatedBy: scope.userId })
          .where(eq(t.id, change.id));
      }
      version = await bumpBundle(tx, scope, body.client, now);
    }
    return { client: body.client, created: plan.creates.length, changed: plan.changes.length, unchanged: plan.unchanged, applied: true, version };
  });
}

/**
 * What an app shows: its strings in `lang`, English where that translation is missing (a key with neither is left out,
 * so the app keeps its own word), and the bundle version.
 */
/** The language an app's users start in (Application Manager's default language of the app); English if unknown. */
export async function appLanguage(db: Db, appId: number): Promise<Lang> {
  const [row] = await db.select({ lang: apps.defaultLanguage }).from(apps).where(eq(apps.id, appId)).limit(1);
  return (LANGS as readonly string[]).includes(row?.lang ?? '') ? (row!.lang as Lang) : 'en';
}

export async function appBundle(db: Db, scope: ServiceScope, client: LangClient, lang: Lang): Promise<{ version: number; strings: Record<string, string> }> {
  const [version, rows] = await Promise.all([
    bundleVersion(db, scope, client),
    db.select({ key: t.key, en: t.en, text: t[lang] }).from(t).where(inClient(scope, client)).orderBy(asc(t.key)),
  ]);
  const strings: Record<string, string> = {};
  for (const r of rows) {
    const text = r.text || r.en;
    if (text) strings[r.key] = text;
  }
  return { version, strings };
}
