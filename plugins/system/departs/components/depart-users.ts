import type { ApiResult } from '../../../../src/contracts/envelope';
import { http } from '../../../../src/providers/http';
import { DEPART_API, departEntity, type DepartRecord, type DepartTreeNode } from '../entities';

/** The screen's calls; each resolves to the envelope so the screen shows the server's message. */


export const loadDepartTree = () => http.get<DepartTreeNode[]>(DEPART_API.queryTreeList);

export const searchDeparts = (keyWord: string) => http.get<DepartTreeNode[]>(DEPART_API.searchBy, { keyWord });

export const loadDepart = (id: string) => http.get<DepartRecord>(`${departEntity.api}/queryById`, { id });

export const editDepart = (id: string, values: Record<string, unknown>) => http.put(`${departEntity.api}/edit`, { ...values, id });

export const moveDepart = (id: string, parentId: string | null) => editDepart(id, { parentId });

export const deleteDepart = (id: string) => http.delete(DEPART_API.delete, { id });

export const deleteDeparts = (ids: readonly string[]) => http.delete(DEPART_API.deleteBatch, { ids: `${ids.join(',')},` });

/** A user as the 用户 tab lists them (the users screen's route may answer a list or a page). */
export interface DepartUser {
  id: string;
  username?: string | null;
  realname?: string | null;
  phone?: string | null;
  email?: string | null;
}

export async function loadDepartUsers(departId: string): Promise<ApiResult<DepartUser[]>> {
  const answer = await http.get<unknown>(DEPART_API.usersOfDepart, { id: departId });
  if (!answer.success) return { ...answer, result: [] };
  const { result } = answer;
  const rows: unknown = Array.isArray(result) ? result : typeof result === 'object' && result !== null && 'records' in result ? result.records : [];
  const users = Array.isArray(rows) ? rows.filter((row): row is DepartUser => typeof row === 'object' && row !== null && typeof (row as { id?: unknown }).id === 'string') : [];
  return { ...answer, result: users };
}
