import type { TableVersions } from '../cache/table-versions';
import type { MessageBus } from './message-bus';

/** The bus channel on which instances tell each other which tables they wrote. */
export const TABLES_BUS_CHANNEL = 'tables';
const TABLE_NAME = /^[a-z_][a-z0-9_$]{0,62}$/;
const MAX_TABLES = 500;

function asTables(payload: Record<string, unknown>): string[] | 'all' | null {
  const { tables } = payload;
  if (tables === 'all') return 'all';
  if (!Array.isArray(tables) || tables.length > MAX_TABLES) return null;
  return tables.every((table): table is string => typeof table === 'string' && TABLE_NAME.test(table)) ? tables : null;
}

/**
 * Keeps the caches of every instance coherent: the tables this instance's tracked pool bumps are gathered
 * for one tick and published (names only), and the bumps other instances publish are applied here
 * (`applyRemote`, so they are not published again). A permission, dictionary or list-count cache on
 * instance B thus drops what instance A's write changed as soon as the message arrives. Returns the stop.
 */
export function shareTableVersions(versions: TableVersions, bus: MessageBus, onError: (error: unknown) => void): () => void {
  let pending: Set<string> | 'all' | null = null;
  const flush = () => {
    const tables = pending;
    pending = null;
    if (tables === null) return;
    bus.publish(TABLES_BUS_CHANNEL, { tables: tables === 'all' ? 'all' : [...tables] }).catch(onError);
  };
  const stopSending = versions.onBump((tables) => {
    if (pending === null) {
      pending = new Set();
      setImmediate(flush);
    }
    if (tables === 'all') pending = 'all';
    else if (pending !== 'all') for (const table of tables) pending.add(table);
  });
  const stopHearing = bus.subscribe(TABLES_BUS_CHANNEL, (payload) => {
    const tables = asTables(payload);
    if (tables !== null) versions.applyRemote(tables);
  });
  return () => {
    stopSending();
    stopHearing();
  };
}
