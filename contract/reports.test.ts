import { describe, expect, it } from 'vitest';
import {
  bucketKeys,
  bucketOf,
  figuresOf,
  majorUnits,
  reportExportHeader,
  reportExportLine,
  reportFileName,
  reportQuerySchema,
  reportRange,
  reportViewOf,
} from './resources/reports';

describe('report periods', () => {
  it('a day, its Monday-to-Sunday week, its calendar month, or the range given', () => {
    expect(reportRange({ period: 'day', date: '2026-11-25' }, '2026-01-01')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(reportRange({ period: 'week', date: '2026-11-25' }, '2026-01-01')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reportRange({ period: 'week', date: '2026-11-23' }, '2026-01-01')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reportRange({ period: 'week', date: '2026-11-29' }, '2026-01-01')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reportRange({ period: 'month', date: '2024-02-10' }, '2026-01-01')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(reportRange({ period: 'month', date: '2026-12-31' }, '2026-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(reportRange({ period: 'month' }, '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(reportRange({ period: 'custom', from: '2026-01-05', to: '2026-03-01' }, '2026-11-25')).toEqual({ from: '2026-01-05', to: '2026-03-01' });
  });

  it('days up to 62, months past them, every one listed', () => {
    expect(bucketOf('2026-01-01', '2026-03-03')).toBe('day');
    expect(bucketOf('2026-01-01', '2026-03-04')).toBe('month');
    expect(bucketKeys('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(bucketKeys('2025-11-15', '2026-02-03', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('checks a custom range: both days, in order, at most 1,096 days', () => {
    const errors = (q: Record<string, string>) => reportQuerySchema.safeParse(q).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errors({ period: 'custom' })).toEqual([
      ['from', 'required'],
      ['to', 'required'],
    ]);
    expect(errors({ period: 'custom', from: '2026-02-02', to: '2026-02-01' })).toEqual([['to', 'endBeforeStart']]);
    expect(errors({ period: 'custom', from: '2023-01-01', to: '2025-12-31' })).toBeUndefined();
    expect(errors({ period: 'custom', from: '2023-01-01', to: '2026-01-01' })).toEqual([['to', 'outOfRange']]);
    expect(errors({ period: 'month', colour: 'red' })?.length).toBe(1);
  });
});

describe('report figures', () => {
  it('derives the commissions from the split', () => {
    // Items 10,000, fee 3,000, discount 500; shop keeps 8,500, biker 2,400: the app 1,600.
    expect(figuresOf({ orders: 1, items: 10_000, fee: 3_000, discount: 500, total: 12_500, appShare: 1_600, shopShare: 8_500, bikerShare: 2_400 })).toEqual({
      orders: 1,
      Discount: 500,
      AppTotal: 1_600,
      AppCommission: 2_100,
      ShopTotal: 8_500,
      ShopCommission: 1_500,
      BikerTotal: 2_400,
      BikerCommission: 600,
      SumTotal: 12_500,
    });
  });

  it('writes money in the major unit without floating point', () => {
    expect([majorUnits(0), majorUnits(5), majorUnits(-5), majorUnits(123_456), majorUnits(100), majorUnits(900_719_925_474_099)]).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1234.56',
      '1.00',
      '9007199254740.99',
    ]);
  });

  it('exports a row and the totals under the spec names, named by the period and filters', () => {
    expect(reportExportHeader('shop')).toEqual([
      'shopRefId',
      'name',
      'orders',
      'Discount',
      'AppTotal',
      'AppCommission',
      'ShopTotal',
      'ShopCommission',
      'BikerTotal',
      'BikerCommission',
      'SumTotal',
    ]);
    expect(reportExportHeader('overview')[0]).toBe('date');
    const f = figuresOf({ orders: 2, items: 1, fee: 2, discount: 3, total: 4, appShare: 5, shopShare: 6, bikerShare: 7 });
    expect(reportExportLine('shop', { key: '12', label: 'Noodles', ...f })).toEqual(['12', 'Noodles', 2, 3, 5, -10, 6, -5, 7, -5, 4]);
    expect(reportExportLine('shop', { totals: f }).slice(0, 3)).toEqual(['Total', '', 2]);
    expect(reportFileName('shop', { from: '2026-10-01', to: '2026-10-31' }, { areaId: '3', shopId: '12' }, 'xlsx')).toBe(
      'report-shop_2026-10-01_2026-10-31_area-3_shop-12.xlsx',
    );
    expect(reportFileName('biker', { from: '2026-10-01', to: '2026-10-01' }, { q: 'Som "chai"/..' }, 'csv')).toBe(
      'report-biker_2026-10-01_2026-10-01_q-Som-chai-.csv',
    );
  });

  it('names each view by its route', () => {
    expect(['Report', 'Report/Admin', 'Report/Shop', 'Report/Biker', 'Report/TopShop', 'Report/All', 'Report/Other'].map(reportViewOf)).toEqual([
      'overview',
      'admin',
      'shop',
      'biker',
      'topShop',
      'all',
      null,
    ]);
  });
});
