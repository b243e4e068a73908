import { describe, expect, it } from 'vitest';
import { areasOf, eligibleBikers, filterBikers, filterFromParams, filterToQuery, filterWaiting, NO_FILTER, presenceCounts, sortBikers } from './board';
import { biker, waitingOrder } from './fixtures';

const crew = [
  biker('1', { name: 'Somchai', presence: 'offline' }),
  biker('2', { name: 'Anan', presence: 'online', assigned: true }),
  biker('3', { name: 'Malee', presence: 'dnd', phone: '081-555-0003' }),
  biker('4', { name: 'Boon', presence: 'online', areaId: '2', areaName: 'Chiang Mai' }),
  biker('5', { name: 'Chai', presence: 'away' }),
  biker('6', { name: 'Dao', presence: 'online', status: 'suspended' }),
];

describe('biker board', () => {
  it('sorts by presence, then by name', () => {
    expect(sortBikers(crew).map((b) => b.name)).toEqual(['Anan', 'Boon', 'Dao', 'Chai', 'Malee', 'Somchai']);
  });

  it('filters by presence, assignment and name or phone', () => {
    expect(filterBikers(crew, { ...NO_FILTER, presence: 'online' }).map((b) => b.id)).toEqual(['2', '4', '6']);
    expect(filterBikers(crew, { ...NO_FILTER, assignment: 'assigned' }).map((b) => b.id)).toEqual(['2']);
    expect(filterBikers(crew, { ...NO_FILTER, assignment: 'notAssigned' })).toHaveLength(5);
    expect(filterBikers(crew, { ...NO_FILTER, q: 'mal' }).map((b) => b.id)).toEqual(['3']);
    expect(filterBikers(crew, { ...NO_FILTER, q: '5550003' }).map((b) => b.id)).toEqual(['3']);
    expect(filterBikers(crew, { ...NO_FILTER, q: 'zzz' })).toEqual([]);
    expect(filterBikers(crew, { ...NO_FILTER, areaId: '2' }).map((b) => b.id)).toEqual(['4']);
    expect(filterBikers(crew, { ...NO_FILTER, areaId: '1', presence: 'online' }).map((b) => b.id)).toEqual(['2', '6']);
  });

  it('lists the areas the data mentions and keeps the waiting orders of the chosen one', () => {
    const orders = [waitingOrder('7', { areaId: '3', areaName: 'Phuket' }), waitingOrder('8')];
    expect(areasOf(crew, orders)).toEqual([
      { id: '1', name: 'Bangkok' },
      { id: '2', name: 'Chiang Mai' },
      { id: '3', name: 'Phuket' },
    ]);
    expect(filterWaiting(orders, { areaId: '3' }).map((o) => o.id)).toEqual(['7']);
    expect(filterWaiting(orders, { areaId: 'all' })).toHaveLength(2);
  });

  it('counts bikers per presence', () => {
    expect(presenceCounts(crew)).toEqual({ online: 3, away: 1, dnd: 1, offline: 1 });
  });
});

describe('who can take an order', () => {
  it('offers active bikers of the area who are not offline, free ones first, never the current one', () => {
    expect(eligibleBikers({ areaId: '1' }, crew).map((b) => b.id)).toEqual(['5', '3', '2']);
    expect(eligibleBikers({ areaId: '1' }, crew, '2').map((b) => b.id)).toEqual(['5', '3']);
    expect(eligibleBikers({ areaId: '2' }, crew).map((b) => b.id)).toEqual(['4']);
  });

  it('never offers a biker without an area for an order of an area (the order page and the API agree)', () => {
    const loose = biker('9', { name: 'Ek', presence: 'online', areaId: null });
    expect(eligibleBikers({ areaId: '1' }, [...crew, loose]).map((b) => b.id)).not.toContain('9');
  });
});

describe('the board filter in the URL', () => {
  it('round-trips every choice, leaving defaults out', () => {
    const filter = { areaId: '2', presence: 'away', assignment: 'notAssigned', q: 'Malee' } as const;
    expect(filterToQuery(filter)).toBe('area=2&presence=away&assignment=notAssigned&q=Malee');
    expect(filterFromParams(new URLSearchParams(filterToQuery(filter)))).toEqual(filter);
    expect(filterToQuery(NO_FILTER)).toBe('');
  });

  it('falls back to "all" for values it does not know', () => {
    expect(filterFromParams(new URLSearchParams('presence=asleep&assignment=maybe'))).toEqual(NO_FILTER);
  });
});
