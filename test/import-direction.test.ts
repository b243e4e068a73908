import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the layer rule for a source placed at a repository path. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/import-direction').map((m) => m.message);
}

describe('imports run one way', () => {
  it('refuses the Platform API importing the portal, relative or through an alias', async () => {
    expect(await layerErrors('upstream/src/kit/x.ts', "import { can } from '../../../lib/permissions';\nexport const y = can;\n")).toHaveLength(1);
    expect(await layerErrors('upstream/src/kit/x.ts', "export { ROUTES } from '@/lib/routes';\n")).toHaveLength(1);
    expect(await layerErrors('upstream/src/kit/x.ts', "export const m = () => import('../../../app/layout');\n")).toHaveLength(1);
  });

  it('lets the Platform API import contract/ and its own app.ts', async () => {
    expect(await layerErrors('upstream/src/kit/x.ts', "export { can } from '@contract/access';\nexport { createApp } from '../app';\n")).toEqual([]);
  });

  it('refuses lib/ importing app/, and the portal importing the Platform API', async () => {
    expect(await layerErrors('lib/orders/x.ts', "export { Card } from '@/app/_components/ui/card';\n")).toHaveLength(1);
    expect(await layerErrors('app/x.ts', "export { createApp } from '@/upstream/src/app';\n")).toHaveLength(1);
  });

  it('refuses contract/ importing anything but zod and itself', async () => {
    expect(await layerErrors('contract/x.ts', "import { z } from 'zod';\nimport { can } from './access';\nexport const a = [z, can];\n")).toEqual([]);
    expect(await layerErrors('contract/x.ts', "import { createHmac } from 'node:crypto';\nexport const a = createHmac;\n")).toHaveLength(1);
    expect(await layerErrors('contract/x.ts', "export { ROUTES } from '../lib/routes';\n")).toHaveLength(1);
    expect(
      await layerErrors('contract/x.test.ts', "import { it } from 'vitest';\nimport { ROUTES } from '@/lib/routes';\nit('x', () => void ROUTES);\n"),
    ).toHaveLength(1);
  });
});
