/**
 * `npm run openapi:client [dir]`: generates TypeScript types from the Platform API's OpenAPI document with
 * openapi-typescript (built in-process, as `GET /api/openapi.json` serves it) into `dir` (default
 * `.data/openapi-client/`, git-ignored) and type-checks the example client `upstream/src/openapi-client.example.ts`
 * against them. Exits non-zero when generation or compilation fails.
 */
import path from 'node:path';
import { checkClient } from '../upstream/src/openapi-client';

const outDir = path.resolve(process.argv[2] ?? path.join('.data', 'openapi-client'));
try {
  const { schemaFile, clientFile, diagnostics } = await checkClient(outDir);
  if (diagnostics.length) {
    console.error(diagnostics.join('\n'));
    console.error(`\nThe example client does not compile against ${path.relative(process.cwd(), schemaFile)}: ${diagnostics.length} error(s).`);
    process.exit(1);
  }
  console.log(`Wrote ${path.relative(process.cwd(), schemaFile)}; ${path.relative(process.cwd(), clientFile)} compiles against it.`);
} catch (error) {
  console.error('Generating the client types failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
