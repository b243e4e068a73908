import { describe, expect, it } from 'vitest';
import { mergeBenchSection, verdictFor, type BackendRun } from './bench-report';

const row = (name: string, rps: number, p50: number) => ({ name, rps, p50, p99: p50 * 4, total: rps * 10, non2xx: 0, errors: 0 });
const pgRun: BackendRun = {
  backend: 'postgres',
  rows: [row('GET /api/admin/Permission/getPermission (staff)', 4000, 2), row('GET /api/admin/Permission/getPermission (staff, caches off)', 1200, 9)],
};
const meta = { duration: 10, connections: 20, loadAtStart: '0.10' };

describe('bench report', () => {
  it('judges both getPermission figures against the target', () => {
    const verdict = verdictFor(pgRun);
    expect(verdict).toContain('Target met on PostgreSQL for getPermission as configured: p50 2 ms, 4000 req/s');
    expect(verdict).toContain('Target missed on PostgreSQL for getPermission with the caches off: p50 9 ms, 1200 req/s');
  });

  it("replaces only this backend's subsection and keeps the other sections", () => {
    const pglite: BackendRun = { backend: 'pglite', rows: [row('GET /x', 100, 50)] };
    const first = mergeBenchSection('# Benchmarks\n\n## BFF\n\nbff figures\n', [pglite, pgRun], meta);
    expect(first).toContain('## BFF\n\nbff figures');
    expect(first).toContain('### PGlite (file database)');
    const second = mergeBenchSection(first, [{ ...pgRun, rows: [row('GET /api/admin/Permission/getPermission (staff)', 999, 7)] }], meta);
    expect(second).toContain('| GET /x | 100 | 50 |');
    expect(second).toContain('| GET /api/admin/Permission/getPermission (staff) | 999 | 7 |');
    expect(second).not.toContain('| 4000 |');
    expect(second).toContain('## BFF\n\nbff figures');
    expect(second.match(/## Platform API/g)).toHaveLength(1);
  });
});
