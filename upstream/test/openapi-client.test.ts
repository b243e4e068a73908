import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkClient, compileClient, type ClientCheck } from '../src/openapi-client';

describe('a typed client generated from the OpenAPI document (`npm run openapi:client`)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
  let check: ClientCheck;
  beforeAll(async () => {
    check = await checkClient(dir, { silent: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles the example client against the generated types', () => {
    expect(check.diagnostics.join('\n')).toBe('');
  });

  it('declares the paths, operations and schemas the example uses', () => {
    for (const route of ['/api/admin/auth/login', '/api/admin/{service}/Shop', '/api/admin/{service}/Orders/{id}'])
      expect(check.schema).toContain(`"${route}": {`);
    for (const id of ['postAuthLogin', 'getServiceShop', 'getServiceOrdersId']) expect(check.schema).toContain(`operations["${id}"]`);
    for (const schema of ['LoginAnswer', 'Shop', 'OrderDetail']) expect(check.schema).toMatch(new RegExp(`\\n {8}${schema}: \\{`));
  });

  it('reports a call the document does not allow', () => {
    const bad = path.join(dir, 'bad.ts');
    writeFileSync(
      bad,
      "import { createClient } from './client';\n" +
        "export const shops = createClient('http://localhost')('get', '/api/admin/{service}/Shop', { path: { service: 'Elsewhere' } });\n",
    );
    const diagnostics = compileClient([bad]).filter((line) => line.includes('bad.ts'));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toContain(`Type '"Elsewhere"' is not assignable to type '"Delivery" | "Marketplace"'`);
  });
});
