/**
 * `npm run lint:openapi`: writes the Platform API's OpenAPI document to a temporary file and lints it with Spectral's
 * OpenAPI ruleset (`.spectral.yaml`). Spectral is fetched by npx on first use; it is not a dependency of the project.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDocument } from '../upstream/src/openapi-doc';

const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
writeFileSync(file, JSON.stringify(buildDocument(), null, 2));
const run = spawnSync('npx', ['--yes', '@stoplight/spectral-cli@6', 'lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn'], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
