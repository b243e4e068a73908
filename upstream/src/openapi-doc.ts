import { realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { loadConfig } from './config';
import type { Db } from './db/client';
import { secretKey } from './domain/tokens';
import type { AppDeps } from './kit/env';
import { PermissionCache } from './kit/permission-cache';
import { AppListCache } from './kit/app-list-cache';
import { TokenCache } from './kit/token-cache';
import { EventBus } from './realtime/bus';
import { openApiDocument } from './routes/openapi';

/**
 * Renders the OpenAPI document (the same one `GET /api/openapi.json` serves) as Markdown:
 * `npx tsx upstream/src/openapi-doc.ts` writes docs/api.md.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
  minItems?: number;
  maxItems?: number;
  const?: unknown;
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type Doc = {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'unknown';
  if (schema.$ref) return schema.$ref.split('/').pop()!;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const one = (type: string): string => {
    if (type === 'array') return `${wrap(typeOf(schema.items))}[]`;
    if (type === 'object') {
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        return `{ ${Object.entries(schema.properties)
          .map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${typeOf(v)}`)
          .join('; ')} }`;
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') return `Record<string, ${typeOf(schema.additionalProperties)}>`;
      return 'object';
    }
    if (type === 'integer') return 'integer';
    return schema.format ? `${type} (${schema.format})` : type;
  };
  return types.length ? types.map(one).join(' | ') : 'unknown';
}

const wrap = (t: string) => (t.includes(' | ') ? `(${t})` : t);
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function notes(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined) parts.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) parts.push(`pattern \`${schema.pattern}\``);
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``);
  if (schema.description) parts.push(schema.description);
  return parts.join('; ');
}

function fieldsTable(schema: Schema): string[] {
  if (!schema.properties) return [`Type: \`${typeOf(schema)}\``, ''];
  const required = new Set(schema.required ?? []);
  return [
    '| Field | Type | Required | Notes |',
    '|---|---|---|---|',
    ...Object.entries(schema.properties).map(
      ([name, s]) => `| \`${name}\` | \`${cell(typeOf(s))}\` | ${required.has(name) ? 'yes' : 'no'} | ${cell(notes(s))} |`,
    ),
    '',
  ];
}

const INTRO = `How every call behaves:

- **Sign-in** answers \`accessToken\` (a JWT, HS256) and \`session\`. Protected calls take \`Authorization: Bearer <accessToken>\`;
  without a live token they answer 401 \`{status:false, message:'Unauthorized'}\`. \`refresh-token\` rotates: the old token
  is dead afterwards and cannot be refreshed twice. A verified token and a permission list are trusted for up to
  \`TOKEN_CACHE_MS\` (default 1000 ms) per process; changes made through an instance take effect there at once.
- **Tenant headers** \`session\`, \`office\`, \`companies\`, \`userrole\`, \`appid\`, \`area\`, \`apptype\` are optional; one that
  disagrees with the token answers 403 \`{status:false, message:'You are not authorized'}\`. An admin's \`appid\`/\`area\`
  may name any app/area of their company. Staff only ever see their own app and area.
- **Business resources** (the resource kit): list \`GET ?page&pageSize&sort&order&q&deleted=1&<filters>\` →
  \`{status:true, data, total, page, pageSize}\`; one \`GET /{id}\` → \`{status:true, data}\`, missing → 404
  \`NOT_FOUND_DATA\`; create \`POST\` → 201; update \`PUT /{id}\` with \`version\` → 409 \`CONFLICT\` when stale; delete is
  soft (\`DELETE /{id}\`, \`POST /{id}/restore\`). Ids travel as strings.
- **Errors**: invalid input → 400 \`{status:false, message:'VALIDATION_ERROR', errors:{field:[message]}}\`; malformed JSON →
  400 \`MALFORMED_JSON\`; body over 1 MB → 413; wrong content type → 415; unknown route → 404 \`NOT_FOUND\`; never a stack
  trace. The spec's auth calls answer a refused sign-in with \`status:false\` and HTTP 200.
- **Real time**: \`GET /ws\` (WebSocket) with the bearer token; events are filtered to the caller's scope.`;

export function renderApiMarkdown(doc: Doc): string {
  const lines: string[] = [
    `# ${doc.info.title} reference`,
    '',
    'Generated from the OpenAPI document that `GET /api/openapi.json` serves (built from the same zod schemas that',
    'validate requests). Regenerate with `npx tsx upstream/src/openapi-doc.ts`. `npm run openapi:client` generates',
    'TypeScript types from the same document with openapi-typescript and compiles an example typed client against them.',
    '',
    INTRO,
    '',
  ];
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method: method.toUpperCase(), path: p, op }]);
    }
  }
  lines.push('## Endpoints', '');
  for (const [tag, entries] of byTag) {
    lines.push(`### ${tag}`, '');
    for (const { method, path: p, op } of entries) {
      lines.push(`#### \`${method} ${p}\``, '', `${op.summary ?? ''}${op.security?.length ? ' · bearer token' : ' · public'}`, '');
      if (op.description) lines.push(op.description, '');
      if (op.parameters?.length) {
        lines.push('| Parameter | In | Type | Required | Notes |', '|---|---|---|---|---|');
        for (const param of op.parameters) {
          lines.push(
            `| \`${param.name}\` | ${param.in} | \`${cell(typeOf(param.schema))}\` | ${param.required ? 'yes' : 'no'} | ${cell(notes(param.schema ?? {}))} |`,
          );
        }
        lines.push('');
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) lines.push(`Body (JSON): \`${cell(typeOf(body))}\``, '');
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        lines.push(`- **${status}** ${response.description ?? ''}${schema ? `: \`${typeOf(schema)}\`` : ''}`);
      }
      lines.push('');
    }
  }
  lines.push('## Schemas', '');
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    lines.push(`### ${name}`, '', ...fieldsTable(schema));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The document without a database: route registration never touches it. */
export function buildDocument(): Doc {
  const config = loadConfig({ jwtSecret: 'x'.repeat(32), autologinSecret: 'x'.repeat(32), devOutbox: true, logRequests: false });
  const deps: AppDeps = {
    db: null as unknown as Db,
    config,
    now: () => new Date(),
    log: () => undefined,
    bus: new EventBus(),
    tokens: new TokenCache(0),
    permissions: new PermissionCache(0),
    apps: new AppListCache(0),
    jwtKey: secretKey(config.jwtSecret),
  };
  return openApiDocument(createApp(deps)) as unknown as Doc;
}

export const API_DOC_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'api.md');

const entry = process.argv[1];
if (entry && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))) {
  writeFileSync(API_DOC_FILE, renderApiMarkdown(buildDocument()));
  console.log(`Wrote ${path.relative(process.cwd(), API_DOC_FILE)}.`);
}
