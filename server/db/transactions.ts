import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** Runs the work in the caller's transaction when given one, otherwise in a new one. */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
