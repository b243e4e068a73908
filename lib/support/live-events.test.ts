import { describe, expect, it } from 'vitest';
import { relayableSupportEvent } from './live-events';

const ticket = {
  type: 'support.ticket',
  ticketId: '12',
  source: 'shop',
  areaId: '3',
  status: 'open',
  at: '2026-01-01T00:00:00.000Z',
  scope: { companyId: 1, appId: 7, areaId: 3 },
};

describe('relayableSupportEvent', () => {
  it('passes support events of the app, without the bus scope', () => {
    expect(relayableSupportEvent(ticket, '7')).toEqual({ type: 'support.ticket', ticketId: '12', source: 'shop', areaId: '3', status: 'open', at: ticket.at });
    expect(relayableSupportEvent({ ...ticket, type: 'support.message' }, '7')?.type).toBe('support.message');
  });

  it('drops other apps, other event types and shapes the contract does not know', () => {
    expect(relayableSupportEvent(ticket, '8')).toBeNull();
    expect(relayableSupportEvent({ ...ticket, type: 'order.event' }, '7')).toBeNull();
    expect(relayableSupportEvent({ ...ticket, type: 'support.deleted' }, '7')).toBeNull();
    expect(relayableSupportEvent({ ...ticket, source: 'member' }, '7')).toBeNull();
    expect(relayableSupportEvent({ type: 'support.ticket', scope: { appId: 7 } }, '7')).toBeNull();
    expect(relayableSupportEvent(null, '7')).toBeNull();
  });
});
