import { soloBus, type MessageBus } from './message-bus';
import { PostgresBus } from './postgres-bus';

export type { BusHandler, BusPayload, MessageBus } from './message-bus';
export { shareTableVersions } from './table-sync';

export interface OpenBusOptions {
  databaseUrl: string | null;
  instanceId: string;
  logger: { info: (message: string) => void; error: (message: string) => void };
  /** PostgreSQL only: the listening connection came back after a drop (messages may have been missed). */
  onReconnect?: () => void;
}

/**
 * The app's bus: LISTEN/NOTIFY on a dedicated PostgreSQL connection when DATABASE_URL is set (resolves
 * once listening), else an in-process bus (the embedded database serves one process).
 */
export async function openBus(options: OpenBusOptions): Promise<MessageBus> {
  if (options.databaseUrl === null) {
    return soloBus(options.instanceId, (error, channel) => options.logger.error(`bus handler on "${channel}" failed: ${error instanceof Error ? error.message : String(error)}`));
  }
  const bus = new PostgresBus({
    connectionString: options.databaseUrl,
    instanceId: options.instanceId,
    logger: options.logger,
    ...(options.onReconnect !== undefined ? { onReconnect: options.onReconnect } : {}),
  });
  try {
    await bus.start();
  } catch (error) {
    await bus.close();
    throw error;
  }
  return bus;
}
