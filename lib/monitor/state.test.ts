import { describe, expect, it } from 'vitest';
import { biker, data, orderEvent, presenceEvent, waitingOrder } from './fixtures';
import { applyLiveEvent, monitorReducer, needsRefetch, rebase } from './state';

describe('presence events', () => {
  it("set the biker's presence and, when given, the position", () => {
    const state = data([biker('1'), biker('2')]);
    const offline = applyLiveEvent(state, presenceEvent('1'));
    expect(offline.bikers[0]).toMatchObject({ presence: 'offline', lat: 13.7, lng: 100.5 });
    expect(offline.bikers[1]).toBe(state.bikers[1]);
    const moved = applyLiveEvent(offline, presenceEvent('1', { presence: 'away', lat: 13.8, lng: 100.6 }));
    expect(moved.bikers[0]).toMatchObject({ presence: 'away', lat: 13.8, lng: 100.6, positionAt: '2026-11-22T03:06:00.000Z' });
  });

  it('leave the state alone for an unknown biker and ask for a re-read', () => {
    const state = data([biker('1')]);
    expect(applyLiveEvent(state, presenceEvent('9'))).toBe(state);
    expect(needsRefetch(state, presenceEvent('9'))).toBe(true);
    expect(needsRefetch(state, presenceEvent('1'))).toBe(false);
    expect(needsRefetch(state, orderEvent('5'))).toBe(true);
  });
});

describe('order events', () => {
  it('move an assigned order from the waiting list to the biker, who becomes assigned', () => {
    const state = data([biker('1'), biker('2')], [waitingOrder('5'), waitingOrder('6')]);
    const next = applyLiveEvent(state, orderEvent('5', { bikerId: '2' }));
    expect(next.waiting.map((o) => o.id)).toEqual(['6']);
    expect(next.bikers[1]).toMatchObject({ assigned: true, tasks: [{ id: '5', status: 'biker_receive_order' }] });
    expect(next.bikers[0]).toMatchObject({ assigned: false, tasks: [] });
  });

  it('move a task to the new biker on biker_change and free the previous one', () => {
    const state = applyLiveEvent(data([biker('1'), biker('2')]), orderEvent('5', { bikerId: '1' }));
    const changed = applyLiveEvent(state, orderEvent('5', { event: 'biker_change', status: 'biker_to_shop', bikerId: '2', previousBikerId: '1' }));
    expect(changed.bikers[0]).toMatchObject({ assigned: false, tasks: [] });
    expect(changed.bikers[1]).toMatchObject({ assigned: true, tasks: [{ id: '5', status: 'biker_to_shop' }] });
  });

  it('free the biker when the order ends', () => {
    const state = applyLiveEvent(data([biker('1')]), orderEvent('5', { bikerId: '1' }));
    for (const status of ['success', 'fail', 'admin_cancel_order']) {
      const ended = applyLiveEvent(state, orderEvent('5', { event: status, status, bikerId: '1', changeable: false }));
      expect(ended.bikers[0], status).toMatchObject({ assigned: false, tasks: [] });
    }
  });

  it('keep a biker assigned while another of their orders is still running', () => {
    let state = applyLiveEvent(data([biker('1')]), orderEvent('5', { bikerId: '1' }));
    state = applyLiveEvent(state, orderEvent('6', { bikerId: '1', status: 'food_otw' }));
    state = applyLiveEvent(state, orderEvent('5', { status: 'success', event: 'success', bikerId: '1', changeable: false }));
    expect(state.bikers[0]).toMatchObject({ assigned: true, tasks: [{ id: '6' }] });
  });

  it('drop a waiting order that was cancelled and keep one still waiting', () => {
    const state = data([biker('1')], [waitingOrder('5'), waitingOrder('6', { kind: 'parcel', status: 'member_create_order_waiting_payment' })]);
    const cancelled = applyLiveEvent(state, orderEvent('5', { status: 'shop_cancel_order', event: 'shop_cancel_order' }));
    expect(cancelled.waiting.map((o) => o.id)).toEqual(['6']);
    const paid = applyLiveEvent(
      state,
      orderEvent('6', {
        kind: 'parcel',
        status: 'member_create_order_payment_success',
        event: 'member_create_order_payment_success',
        waiting: true,
        changeable: false,
      }),
    );
    expect(paid.waiting.find((o) => o.id === '6')).toMatchObject({ status: 'member_create_order_payment_success', waiting: true, changeable: false });
  });

  it("give a task the event's changeable flag, so Reassign follows the Platform API", () => {
    const taken = applyLiveEvent(data([biker('1')]), orderEvent('5', { bikerId: '1' }));
    expect(taken.bikers[0]?.tasks).toMatchObject([{ id: '5', changeable: true }]);
    const atDropoff = applyLiveEvent(taken, orderEvent('5', { event: 'biker_to_member', status: 'biker_to_member', bikerId: '1', changeable: false }));
    expect(atDropoff.bikers[0]).toMatchObject({ assigned: true, tasks: [{ id: '5', status: 'biker_to_member', changeable: false }] });
  });

  it("keep or drop a waiting order by the event's waiting flag, not by its status", () => {
    const state = data([biker('1')], [waitingOrder('5'), waitingOrder('6')]);
    const kept = applyLiveEvent(state, orderEvent('5', { event: 'shop_receive_order', status: 'shop_receive_order', waiting: true, changeable: false }));
    expect(kept.waiting.map((o) => o.id)).toEqual(['5', '6']);
    const dropped = applyLiveEvent(state, orderEvent('5', { event: 'shop_receive_order', status: 'shop_receive_order', waiting: false, changeable: false }));
    expect(dropped.waiting.map((o) => o.id)).toEqual(['6']);
  });
});

describe('re-reads', () => {
  it('apply the events that arrived during the read on top of its answer', () => {
    const answer = data([biker('1'), biker('2')], [waitingOrder('5')]);
    const replay = [presenceEvent('1'), orderEvent('5', { bikerId: '2' })];
    const state = rebase(answer, replay);
    expect(state.bikers[0]?.presence).toBe('offline');
    expect(state.waiting).toEqual([]);
    expect(state.bikers[1]?.assigned).toBe(true);
  });

  it('replace the state with the snapshot through the reducer', () => {
    const old = data([biker('1', { presence: 'away' })]);
    const next = monitorReducer(old, { type: 'snapshot', data: data([biker('1'), biker('3')]) });
    expect(next.bikers.map((b) => [b.id, b.presence])).toEqual([
      ['1', 'online'],
      ['3', 'online'],
    ]);
    expect(monitorReducer(next, { type: 'event', event: presenceEvent('3') }).bikers[1]?.presence).toBe('offline');
  });
});
