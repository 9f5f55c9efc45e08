import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PluginServices } from '../plugin-services';

/** What a job receives when it runs. */
export interface JobRunContext {
  db: Kysely<Database>;
  /** The job's parameter as the operator typed it (a job kind parses what it needs). */
  parameter: string | null;
  /** The scheduled time of this firing; null for 执行一次 (run now). */
  fireTime: Date | null;
  /** What plugins offer each other (an order job releases stock through the goods plugin's service). */
  services: PluginServices;
}

/**
 * A kind of scheduled job. The client only ever picks a kind by name from this server-side registry
 * (stored as `job_class_name`, the JeecgBoot field): never a class name or code of its own.
 */
export interface JobKind {
  /** Registry key, e.g. `order.closeUnpaid`. */
  name: string;
  /** Product-language title for the job form's select. */
  title: string;
  /** Does the work; the returned text is kept in the run log. Throwing marks the run failed. */
  run: (context: JobRunContext) => Promise<string | undefined>;
}

const KIND_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

/** A registry of job kinds, keyed by name; refuses duplicates and odd names at boot. */
export class JobKindRegistry {
  private readonly kinds = new Map<string, JobKind>();

  constructor(kinds: readonly JobKind[] = []) {
    for (const kind of kinds) this.add(kind);
  }

  add(kind: JobKind): void {
    if (!KIND_NAME.test(kind.name)) throw new Error(`Job kind name "${kind.name}" is malformed`);
    if (this.kinds.has(kind.name)) throw new Error(`Job kind "${kind.name}" is registered twice`);
    this.kinds.set(kind.name, kind);
  }

  get(name: string): JobKind | undefined {
    return this.kinds.get(name);
  }

  list(): JobKind[] {
    return [...this.kinds.values()];
  }
}
