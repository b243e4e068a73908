import { defineConfig } from 'vitest/config';
import path from 'node:path';

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'contract'),
  '@': path.resolve(import.meta.dirname),
  'server-only': path.resolve(import.meta.dirname, 'test/server-only-stub.ts'),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'lib/**/*.test.ts', 'test/**/*.test.ts', 'upstream/src/**/*.test.ts', 'app/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['upstream/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
