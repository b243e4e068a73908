import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { buildDocument } from './openapi-doc';

/**
 * Shows that a typed client can be generated from the OpenAPI document (the one `GET /api/openapi.json` serves):
 * openapi-typescript turns the document into `schema.d.ts`, and the hand-written client `openapi-client.example.ts`
 * (a few calls: sign in, list shops, read an order) is type-checked against it with the compiler API. The generated
 * declarations are checked too (no `skipLibCheck`).
 */
export const EXAMPLE_CLIENT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'openapi-client.example.ts');

export type ClientCheck = {
  /** The generated declarations (`paths`, `operations`, `components`). */
  schemaFile: string;
  schema: string;
  /** The copy of the example client compiled next to them. */
  clientFile: string;
  /** The compiler's diagnostics, formatted; empty when the client compiles. */
  diagnostics: string[];
};

/** Writes `schema.d.ts` from the OpenAPI document into `outDir`; throws when openapi-typescript rejects the document. */
export async function generateClientTypes(outDir: string, options: { silent?: boolean } = {}): Promise<{ schemaFile: string; schema: string }> {
  const ast = await openapiTS(buildDocument() as unknown as OpenAPI3, { silent: options.silent ?? false });
  const schema = COMMENT_HEADER + astToString(ast);
  mkdirSync(outDir, { recursive: true });
  const schemaFile = path.join(outDir, 'schema.d.ts');
  writeFileSync(schemaFile, schema);
  return { schemaFile, schema };
}

/** Type-checks `files` (which import `./schema`) in strict mode and answers the formatted diagnostics. */
export function compileClient(files: string[]): string[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    skipLibCheck: false,
    noEmit: true,
  });
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  };
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.formatDiagnostic(diagnostic, host).trimEnd());
}

/** Generates the types into `outDir`, copies the example client next to them as `client.ts` and compiles it. */
export async function checkClient(outDir: string, options: { silent?: boolean } = {}): Promise<ClientCheck> {
  const { schemaFile, schema } = await generateClientTypes(outDir, options);
  const clientFile = path.join(outDir, 'client.ts');
  copyFileSync(EXAMPLE_CLIENT_FILE, clientFile);
  return { schemaFile, schema, clientFile, diagnostics: compileClient([clientFile]) };
}
