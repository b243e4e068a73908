/**
 * In-process event bus for the real-time channel. Later work publishes order and rider events with `publish`;
 * every `/ws` connection subscribes with its caller's scope and only receives events inside it.
 */
export interface EventScope {
  companyId: number;
  /** Omitted: every app of the company. */
  appId?: number | null;
  /** Omitted: the whole app, every area. */
  areaId?: number | null;
}

export interface BusEvent {
  type: string;
  [key: string]: unknown;
}

export interface Subscriber {
  companyId: number;
  /** Null for company-level subscribers (admins). */
  appId: number | null;
  areaId: number | null;
  deliver(event: BusEvent & { scope: EventScope }): void;
}

/** An admin (appId and areaId null) sees every event of the company; staff see their app's events for their area or the whole app. */
export function reaches(scope: EventScope, subscriber: Subscriber): boolean {
  if (scope.companyId !== subscriber.companyId) return false;
  if (subscriber.appId === null) return true;
  if (scope.appId != null && scope.appId !== subscriber.appId) return false;
  if (subscriber.areaId === null) return true;
  return scope.areaId == null || scope.areaId === subscriber.areaId;
}

export class EventBus {
  private readonly subscribers = new Set<Subscriber>();

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Delivers to every subscriber the scope reaches; returns how many. */
  publish(scope: EventScope, event: BusEvent): number {
    let delivered = 0;
    for (const subscriber of this.subscribers) {
      if (!reaches(scope, subscriber)) continue;
      subscriber.deliver({ ...event, scope });
      delivered += 1;
    }
    return delivered;
  }

  get size(): number {
    return this.subscribers.size;
  }
}

/** The process-wide bus the server attaches `/ws` to. */
export const bus = new EventBus();

export function publish(scope: EventScope, event: BusEvent): number {
  return bus.publish(scope, event);
}
