import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The live user (frozen ones included) holding a phone number; a live phone names one user. */
export async function findUserIdByPhone(db: Kysely<Database>, phone: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();
  return row?.id;
}

export async function isUsernameTaken(db: Kysely<Database>, username: string): Promise<boolean> {
  // Deleted rows keep their name: the column is unique over every row.
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return row !== undefined;
}
