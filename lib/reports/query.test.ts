import { describe, expect, it } from 'vitest';
import { parseReportQuery, rawReportQuery, reportExportHref, reportHref } from './query';

describe('a report page URL', () => {
  it('keeps the report parameters, first value of each, without empty ones', () => {
    expect(rawReportQuery({ period: 'week', date: ['2026-11-25', 'x'], q: '  ', colour: 'red', shopId: '12' })).toEqual({
      period: 'week',
      date: '2026-11-25',
      shopId: '12',
    });
  });

  it('checks it with the contract and names each wrong field', () => {
    expect(parseReportQuery({ period: 'custom', from: '2026-02-02', to: '2026-02-01' })).toEqual({ ok: false, errors: { to: ['endBeforeStart'] } });
    expect(parseReportQuery({ period: 'month', date: '31-12-2026' })).toEqual({ ok: false, errors: { date: ['invalidDate'] } });
    const ok = parseReportQuery({ period: 'week', date: '2026-11-25' });
    expect(ok.ok && ok.query.period).toBe('week');
  });

  it('changes one thing and starts again at page 1, unless the page is what changes', () => {
    const raw = { period: 'month', shopId: '3', page: '4', sort: 'orders' };
    expect(reportHref('/Service/Delivery/Report/Shop', raw, { sort: 'SumTotal', order: 'desc' })).toBe(
      '/Service/Delivery/Report/Shop?period=month&shopId=3&sort=SumTotal&order=desc',
    );
    expect(reportHref('/Service/Delivery/Report/Shop', raw, { page: '5' })).toBe('/Service/Delivery/Report/Shop?period=month&shopId=3&page=5&sort=orders');
    expect(reportHref('/Service/Delivery/Report/Shop', raw, { page: '1', shopId: undefined })).toBe('/Service/Delivery/Report/Shop?period=month&sort=orders');
  });

  it("exports the page's query without its page, in the format asked", () => {
    expect(reportExportHref('Delivery', 'shop', { period: 'month', shopId: '3', page: '4', pageSize: '50' }, 'xlsx')).toBe(
      '/api/admin/Delivery/Report/Shop/export?period=month&shopId=3&pageSize=50&format=xlsx',
    );
    expect(reportExportHref('Delivery', 'overview', {}, 'csv')).toBe('/api/admin/Delivery/Report/export?format=csv');
  });
});
