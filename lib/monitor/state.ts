import { isAssigned } from '@contract/lifecycle';
import type { LiveEvent, MonitorBiker, MonitorData, MonitorTask, OrderLiveEvent, PresenceLiveEvent } from './schema';

/**
 * The monitor's state in the browser: the last data read, patched by live events. An event changes what it says
 * (presence, position, who holds an order, and the order's `waiting` and `changeable` flags as the Platform API sent
 * them); the board then re-reads the data for the rest, and events that arrived while that read was on its way are
 * applied again on top of its answer (`rebase`).
 */
export type MonitorState = MonitorData;

export type MonitorAction = { type: 'snapshot'; data: MonitorData; replay?: readonly LiveEvent[] } | { type: 'event'; event: LiveEvent };

const withAssigned = (biker: MonitorBiker, tasks: MonitorTask[]): MonitorBiker => ({
  ...biker,
  tasks,
  assigned: tasks.some((task) => isAssigned(task.status)),
});

export function applyPresence(state: MonitorState, event: PresenceLiveEvent): MonitorState {
  let changed = false;
  const bikers = state.bikers.map((biker) => {
    if (biker.id !== event.bikerId) return biker;
    changed = true;
    const moved = event.lat !== null && event.lng !== null;
    return { ...biker, presence: event.presence, ...(moved ? { lat: event.lat, lng: event.lng, positionAt: event.at } : {}) };
  });
  return changed ? { ...state, bikers } : state;
}

export function applyOrderEvent(state: MonitorState, event: OrderLiveEvent): MonitorState {
  const holds = isAssigned(event.status) && event.bikerId !== null;
  const bikers = state.bikers.map((biker) => {
    const existing = biker.tasks.find((task) => task.id === event.orderId);
    const keeps = holds && biker.id === event.bikerId;
    if (!existing && !keeps) return biker;
    const others = biker.tasks.filter((task) => task.id !== event.orderId);
    if (!keeps) return withAssigned(biker, others);
    const task: MonitorTask = {
      id: event.orderId,
      orderNo: event.orderNo,
      kind: event.kind,
      status: event.status,
      dropoffLat: existing?.dropoffLat ?? null,
      dropoffLng: existing?.dropoffLng ?? null,
      changeable: event.changeable,
      // An event says nothing of an offer: the re-read that follows every order event tells it.
      offered: existing?.offered ?? false,
    };
    return withAssigned(biker, [...others, task]);
  });
  const waiting = event.waiting
    ? state.waiting.map((order) =>
        order.id === event.orderId ? { ...order, status: event.status, bikerId: null, waiting: true, changeable: event.changeable } : order,
      )
    : state.waiting.filter((order) => order.id !== event.orderId);
  return { bikers, waiting };
}

export function applyLiveEvent(state: MonitorState, event: LiveEvent): MonitorState {
  return event.type === 'biker.presence' ? applyPresence(state, event) : applyOrderEvent(state, event);
}

/** A fresh answer with the events received since it was asked for applied again, in order. */
export function rebase(data: MonitorData, replay: readonly LiveEvent[] = []): MonitorState {
  return replay.reduce(applyLiveEvent, data);
}

export function monitorReducer(state: MonitorState, action: MonitorAction): MonitorState {
  return action.type === 'snapshot' ? rebase(action.data, action.replay) : applyLiveEvent(state, action.event);
}

/**
 * Whether an event leaves something only a re-read can fill in: an order event (a new waiting order, the names and
 * places of a task) or a biker the board does not know yet.
 */
export function needsRefetch(state: MonitorState, event: LiveEvent): boolean {
  if (event.type === 'order.event') return true;
  return !state.bikers.some((biker) => biker.id === event.bikerId);
}
