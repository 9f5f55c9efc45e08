/** A user as the 用户 tab lists them. */
export interface DepartUser {
  id: string;
  username?: string | null;
  realname?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** The users of the users-of-department answer, which may be a list or a page. */
export function departUsersOf(result: unknown): DepartUser[] {
  const rows: unknown = Array.isArray(result) ? result : typeof result === 'object' && result !== null && 'records' in result ? result.records : [];
  return Array.isArray(rows) ? rows.filter((row): row is DepartUser => typeof row === 'object' && row !== null && typeof (row as { id?: unknown }).id === 'string') : [];
}
