import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { zeroFill } from '@/lib/dashboard/days';
import { DayChart } from './day-chart';
import { Meter } from './meter';

const points = zeroFill(
  [
    { day: '2026-11-20', orders: 7, amount: 150_000 },
    { day: '2026-11-22', orders: 3, amount: 45_050 },
  ],
  '2026-11-22',
  30,
);

const render = (field: 'orders' | 'amount') =>
  renderToStaticMarkup(createElement(DayChart, { points, field, tickText: (v: number) => `T${v}`, tips: points.map((p) => `tip ${p.day}`) }));

describe('DayChart (server-rendered SVG)', () => {
  it('draws one column per day with orders, the value ticks and the day labels', () => {
    const html = render('orders');
    expect(html.match(/<rect class="visx-bar fill-primary/g)).toHaveLength(2);
    expect(html).toContain('>T8<');
    expect(html).not.toContain('Arial');
    expect(html).toContain('>T0<');
    expect(html).toContain('>22-11<');
    expect(html).toContain('>15-11<');
    expect(html).not.toContain('>21-11<');
    expect(html.match(/<title>/g)).toHaveLength(30);
    expect(html).toContain('<title>tip 2026-11-20</title>');
  });

  it('gives the tallest column the plot height and columns heights in proportion', () => {
    const heights = [...render('orders').matchAll(/<rect class="visx-bar[^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    // Axis top 8: 7 orders → 7/8 of 180 px, 3 orders → 3/8.
    expect(heights).toEqual([157.5, 67.5]);
  });

  it('draws the amount as a line over an area that keeps its stroke width when stretched', () => {
    const html = render('amount');
    expect(html).toContain('preserveAspectRatio="none"');
    expect(html).toMatch(/<path class="visx-linepath fill-none stroke-primary"[^>]*vector-effect="non-scaling-stroke"/);
    expect(html).toContain('class="visx-area-closed fill-primary/15"');
    // Largest day 1,500 baht: ticks 0, 500, 1,000, 1,500 baht.
    expect(html).toContain('>T150000<');
    expect(html).not.toMatch(/NaN|undefined/);
  });
});

describe('Meter', () => {
  it('fills its share of the track in the tone of the status', () => {
    const html = renderToStaticMarkup(createElement(Meter, { value: 5, max: 20, tone: 'success' }));
    expect(html).toContain('width="25%"');
    expect(html).toContain('fill-success-strong');
    const empty = renderToStaticMarkup(createElement(Meter, { value: 0, max: 20 }));
    expect(empty.match(/<rect/g)).toHaveLength(1);
  });
});
