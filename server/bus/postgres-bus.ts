import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { assertChannel, BusSubscribers, type BusHandler, type BusPayload, type MessageBus } from './message-bus';

/** The one PostgreSQL notification channel every instance LISTENs on; the logical channel travels in the message. */
export const PG_BUS_CHANNEL = 'mbo_bus';
/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. A bigger message is SPLIT into parts of at
 * most this many bytes (header included), sent in order on the one connection and put back together by
 * the receivers (parts of one message share its id; an incomplete message is dropped after PART_TIMEOUT_MS).
 * Splitting needs no table and no second round trip, and the messages that travel here are small (a socket
 * frame is at most 64 KB, i.e. nine parts).
 */
export const MAX_NOTIFY_BYTES = 7900;
/** Largest message accepted (in parts): beyond it publish rejects rather than flood every instance. */
export const MAX_PARTS = 128;
const PART_TIMEOUT_MS = 10_000;
/** Parts kept while the connection is being re-established; older ones are dropped beyond this. */
const MAX_OUTBOX = 2000;
const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 5000;

export interface PostgresBusOptions {
  connectionString: string;
  instanceId: string;
  logger: { info: (message: string) => void; error: (message: string) => void };
  /**
   * Called after the connection came back: messages sent while it was down are lost, so the caller
   * makes up for them (the caches forget everything, server/bus/table-sync.ts).
   */
  onReconnect?: () => void;
}

interface Assembly {
  parts: Array<string | undefined>;
  received: number;
  timer: NodeJS.Timeout;
}

/** `v1|<instance>|<message id>|<part>/<total>|<channel>|<data>`: a text header (no escaping), then a slice of the JSON. */
function header(instanceId: string, messageId: string, part: number, total: number, channel: string): string {
  return `v1|${instanceId}|${messageId}|${part}/${total}|${channel}|`;
}

/** Splits a string into slices of at most `maxBytes` UTF-8 bytes, never inside a character. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const slices: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes && current !== '') {
      slices.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  if (current !== '' || slices.length === 0) slices.push(current);
  return slices;
}

/** The NOTIFY payloads of one message (each within MAX_NOTIFY_BYTES). */
export function encodeParts(instanceId: string, messageId: string, channel: string, payload: object): string[] {
  const json = JSON.stringify(payload);
  // The longest header this message can have (part and total at their widest).
  const room = MAX_NOTIFY_BYTES - Buffer.byteLength(header(instanceId, messageId, MAX_PARTS, MAX_PARTS, channel), 'utf8');
  const slices = splitUtf8(json, room);
  if (slices.length > MAX_PARTS) throw new Error(`Bus message on "${channel}" is too big (${Buffer.byteLength(json, 'utf8')} bytes)`);
  return slices.map((slice, index) => header(instanceId, messageId, index + 1, slices.length, channel) + slice);
}

export interface DecodedPart {
  from: string;
  messageId: string;
  part: number;
  total: number;
  channel: string;
  data: string;
}

export function decodePart(text: string): DecodedPart | null {
  const match = /^v1\|([^|]{1,64})\|([^|]{1,64})\|(\d{1,3})\/(\d{1,3})\|([a-z][a-z0-9.-]{0,63})\|/.exec(text);
  if (match === null) return null;
  const [whole, from, messageId, part, total, channel] = match;
  if (from === undefined || messageId === undefined || part === undefined || total === undefined || channel === undefined) return null;
  const partNo = Number(part);
  const totalNo = Number(total);
  if (partNo < 1 || totalNo < 1 || partNo > totalNo || totalNo > MAX_PARTS) return null;
  return { from, messageId, part: partNo, total: totalNo, channel, data: text.slice(whole.length) };
}

/**
 * The bus on PostgreSQL: LISTEN/NOTIFY on ONE dedicated connection of its own (never one of the pool's
 * working connections, which come and go with queries), used both to listen and to notify so an instance's
 * messages leave in the order they were published. When the connection drops it is opened again with a
 * growing delay (0.1 s … 5 s); parts published meanwhile wait in a bounded outbox. Every instance hears its
 * own notifications on this path too and drops them (see message-bus.ts: the publisher has already acted).
 */
export class PostgresBus implements MessageBus {
  readonly instanceId: string;
  private readonly subscribers: BusSubscribers;
  private readonly assemblies = new Map<string, Assembly>();
  private readonly outbox: string[] = [];
  private client: pg.Client | null = null;
  private connected = false;
  private closed = false;
  private flushing = false;
  private backoff = BACKOFF_FIRST_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private sequence = 0;
  private everConnected = false;

  constructor(private readonly options: PostgresBusOptions) {
    if (!/^[^|]{1,64}$/.test(options.instanceId)) throw new Error('Bus instance id must be 1-64 characters without "|"');
    this.instanceId = options.instanceId;
    this.subscribers = new BusSubscribers((error, channel) => options.logger.error(`bus handler on "${channel}" failed: ${describe(error)}`));
  }

  /** Opens the connection and LISTENs; resolves once this instance hears the others (rejects if the first try fails). */
  async start(): Promise<void> {
    await this.connect();
  }

  async publish(channel: string, payload: object): Promise<void> {
    assertChannel(channel);
    if (this.closed) return;
    this.sequence += 1;
    const messageId = `${this.sequence.toString(36)}${randomBytes(3).toString('hex')}`;
    const parts = encodeParts(this.instanceId, messageId, channel, payload);
    this.outbox.push(...parts);
    if (this.outbox.length > MAX_OUTBOX) {
      const dropped = this.outbox.splice(0, this.outbox.length - MAX_OUTBOX).length;
      this.options.logger.error(`bus: ${dropped} message parts dropped while PostgreSQL was unreachable`);
    }
    await this.flush();
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    return this.subscribers.add(channel, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    for (const assembly of this.assemblies.values()) clearTimeout(assembly.timer);
    this.assemblies.clear();
    this.subscribers.clear();
    const client = this.client;
    this.client = null;
    this.connected = false;
    if (client !== null) await client.end().catch(() => undefined);
  }

  /** Whether the listening connection is up (for /ready and tests). */
  isConnected(): boolean {
    return this.connected;
  }

  private async connect(): Promise<void> {
    // Named, so an operator sees each instance's listening connection in pg_stat_activity.
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: `mbo-bus:${this.instanceId}` });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (message) => {
      if (message.channel === PG_BUS_CHANNEL && message.payload !== undefined) this.receive(message.payload);
    });
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${PG_BUS_CHANNEL}`);
    if (this.closed || this.client !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    this.connected = true;
    this.backoff = BACKOFF_FIRST_MS;
    if (this.everConnected) {
      this.options.logger.info('bus: listening again on PostgreSQL');
      this.options.onReconnect?.();
    }
    this.everConnected = true;
    void this.flush();
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.connected = false;
    this.options.logger.error(`bus: PostgreSQL connection lost${error === null ? '' : ` (${error.message})`}; reconnecting`);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer !== null) return;
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((error: unknown) => {
        this.options.logger.error(`bus: reconnect failed (${describe(error)})`);
        this.client = null;
        this.connected = false;
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Sends the outbox in order, one part at a time, while the connection is up. */
  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.outbox.length > 0 && this.connected && this.client !== null && !this.closed) {
        const part = this.outbox[0];
        if (part === undefined) break;
        try {
          await this.client.query('select pg_notify($1, $2)', [PG_BUS_CHANNEL, part]);
          this.outbox.shift();
        } catch (error) {
          // The connection's 'error'/'end' handlers reconnect; the part stays first in line.
          this.options.logger.error(`bus: notify failed (${describe(error)})`);
          break;
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private receive(text: string): void {
    const part = decodePart(text);
    if (part === null || part.from === this.instanceId || this.closed) return;
    if (part.total === 1) {
      this.deliver(part.channel, part.data, part.from);
      return;
    }
    const key = `${part.from}|${part.messageId}`;
    let assembly = this.assemblies.get(key);
    if (assembly === undefined) {
      const timer = setTimeout(() => this.assemblies.delete(key), PART_TIMEOUT_MS);
      timer.unref();
      assembly = { parts: new Array<string | undefined>(part.total).fill(undefined), received: 0, timer };
      this.assemblies.set(key, assembly);
    }
    if (assembly.parts.length !== part.total || assembly.parts[part.part - 1] !== undefined) return;
    assembly.parts[part.part - 1] = part.data;
    assembly.received += 1;
    if (assembly.received < part.total) return;
    clearTimeout(assembly.timer);
    this.assemblies.delete(key);
    this.deliver(part.channel, assembly.parts.join(''), part.from);
  }

  private deliver(channel: string, json: string, from: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch {
      this.options.logger.error(`bus: unreadable message on "${channel}" from ${from}`);
      return;
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
    this.subscribers.deliver(channel, payload as BusPayload, from);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
