import { afterEach, describe, expect, it, vi } from 'vitest';

const load = async () => {
  vi.resetModules();
  return (await import('../next.config')).default;
};

describe('next.config', () => {
  afterEach(() => {
    delete process.env.BENCH_ROUTES;
  });

  it('leaves the benchmark-only routes (*.bench.ts) out of a production build', async () => {
    const config = await load();
    expect(config.pageExtensions).toEqual(['tsx', 'ts']);
    process.env.BENCH_ROUTES = '1';
    expect((await load()).pageExtensions).toContain('bench.ts');
  });
});
