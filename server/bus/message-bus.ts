/**
 * One message bus for everything several server instances must tell each other (socket pushes, cache
 * invalidations). On PostgreSQL it is LISTEN/NOTIFY (server/bus/postgres-bus.ts); on the embedded
 * database (one process by construction) the in-process bus below, behind the same interface.
 *
 * Delivery rule, the same for both: `publish` does NOT hand a message to this instance's own subscribers.
 * The publisher has already acted locally (a socket push is delivered to local sockets synchronously, a
 * table bump is applied by the tracked pool at once); the bus only carries it to the OTHER instances, and
 * each instance drops the echo of its own messages (by `instanceId`). So nothing is delivered twice and a
 * local push never waits on a database round trip.
 */

export type BusPayload = Record<string, unknown>;
export type BusHandler = (payload: BusPayload, from: string) => void;

export interface MessageBus {
  /** Sends to every other instance's subscribers of `channel` (never to this instance's own). */
  publish(channel: string, payload: object): Promise<void>;
  /** Receives what other instances publish on `channel`; returns the unsubscribe. */
  subscribe(channel: string, handler: BusHandler): () => void;
  close(): Promise<void>;
  /** This instance's name in every message it sends (its echo is ignored by that name). */
  readonly instanceId: string;
}

/** Logical channel names: `[a-z][a-z0-9.-]*`, at most 64 characters. */
export const BUS_CHANNEL_PATTERN = /^[a-z][a-z0-9.-]{0,63}$/;

export function assertChannel(channel: string): void {
  if (!BUS_CHANNEL_PATTERN.test(channel)) throw new Error(`Bus channel "${channel}" must match ${String(BUS_CHANNEL_PATTERN)}`);
}

/** Subscribers by channel, shared by both implementations. */
export class BusSubscribers {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  constructor(private readonly onHandlerError: (error: unknown, channel: string) => void) {}

  add(channel: string, handler: BusHandler): () => void {
    assertChannel(channel);
    const set = this.handlers.get(channel) ?? new Set<BusHandler>();
    set.add(handler);
    this.handlers.set(channel, set);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
    };
  }

  deliver(channel: string, payload: BusPayload, from: string): void {
    for (const handler of [...(this.handlers.get(channel) ?? [])]) {
      try {
        handler(payload, from);
      } catch (error) {
        this.onHandlerError(error, channel);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

/**
 * The embedded database's bus: one process, so there is no other instance to reach. Instances built in the
 * same process on the same bus object (tests) do hear each other, each ignoring its own messages, exactly
 * like on PostgreSQL.
 */
export class InProcessBus {
  private readonly members = new Set<InProcessBusMember>();

  /** A member (one app instance) of this in-process bus. */
  join(instanceId: string, onHandlerError: (error: unknown, channel: string) => void = () => undefined): InProcessBusMember {
    const member = new InProcessBusMember(this, instanceId, onHandlerError);
    this.members.add(member);
    return member;
  }

  /** @internal delivery to every member but the sender, on a later tick (as a real bus would). */
  send(from: InProcessBusMember, channel: string, payload: BusPayload): void {
    const others = [...this.members].filter((member) => member !== from);
    if (others.length === 0) return;
    // A copy, as if it had travelled: a receiver cannot change the publisher's object.
    const copy = JSON.parse(JSON.stringify(payload)) as BusPayload;
    for (const member of others) queueMicrotask(() => member.receive(channel, copy, from.instanceId));
  }

  leave(member: InProcessBusMember): void {
    this.members.delete(member);
  }
}

/** The embedded database's bus for one app: alone on its own in-process bus. */
export function soloBus(instanceId: string, onHandlerError?: (error: unknown, channel: string) => void): MessageBus {
  return new InProcessBus().join(instanceId, onHandlerError);
}

export class InProcessBusMember implements MessageBus {
  private readonly subscribers: BusSubscribers;
  private closed = false;

  constructor(
    private readonly bus: InProcessBus,
    readonly instanceId: string,
    onHandlerError: (error: unknown, channel: string) => void,
  ) {
    this.subscribers = new BusSubscribers(onHandlerError);
  }

  async publish(channel: string, payload: object): Promise<void> {
    assertChannel(channel);
    if (!this.closed) this.bus.send(this, channel, payload as BusPayload);
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    return this.subscribers.add(channel, handler);
  }

  /** @internal */
  receive(channel: string, payload: BusPayload, from: string): void {
    if (!this.closed) this.subscribers.deliver(channel, payload, from);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    this.bus.leave(this);
  }
}
