import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/kit';
import type { SystemInfo, SystemSample } from '../contracts';
import { round } from './percentiles';

/**
 * The process's CPU share between two readings of process.cpuUsage(): user + system microseconds per
 * wall-clock microsecond, as a percentage of one core. It includes the embedded database's worker
 * thread, which is part of this process.
 */
export class CpuMeter {
  private lastUsage = process.cpuUsage();
  private lastAt = process.hrtime.bigint();
  private lastPercent: number | null = null;

  sample(): number {
    const usage = process.cpuUsage();
    const at = process.hrtime.bigint();
    const elapsedMicros = Number(at - this.lastAt) / 1000;
    const busyMicros = usage.user - this.lastUsage.user + (usage.system - this.lastUsage.system);
    this.lastUsage = usage;
    this.lastAt = at;
    this.lastPercent = elapsedMicros <= 0 ? 0 : round((busyMicros / elapsedMicros) * 100);
    return this.lastPercent;
  }

  get percent(): number | null {
    return this.lastPercent;
  }
}

export interface DatabaseFigures {
  kind: 'pglite' | 'postgresql';
  version: string;
  sizeBytes: number;
}

/** The database the server runs on: which one, its version string and the size of the current database. */
export async function databaseFigures(db: Kysely<Database>, embedded: boolean): Promise<DatabaseFigures> {
  const result = await sql<{ version: string; size: string | number }>`select version() as version, pg_database_size(current_database()) as size`.execute(db);
  const row = result.rows[0];
  return { kind: embedded ? 'pglite' : 'postgresql', version: row?.version ?? '', sizeBytes: Number(row?.size ?? 0) };
}

/** 系统信息: the machine (OS, CPU, load, memory) and the database; nothing from the environment or configuration. */
export function systemSnapshot(cpu: CpuMeter, database: DatabaseFigures, history: SystemSample[]): Omit<SystemInfo, 'logWriter'> {
  const cpus = os.cpus();
  const [load1 = 0, load5 = 0, load15 = 0] = os.loadavg();
  return {
    osType: os.type(),
    osRelease: os.release(),
    platform: os.platform(),
    arch: os.arch(),
    hostname: os.hostname(),
    cpuModel: cpus[0]?.model.trim() ?? '',
    cpuCount: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    loadAverage: [round(load1), round(load5), round(load15)],
    totalMemoryBytes: os.totalmem(),
    freeMemoryBytes: os.freemem(),
    processCpuPercent: cpu.percent,
    systemUptimeSeconds: Math.round(os.uptime()),
    database,
    history,
  };
}
