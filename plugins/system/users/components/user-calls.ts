import type { ApiResult } from '../../../../src/contracts/envelope';
import { http } from '../../../../src/providers/http';
import { USER_API, type UserDepartEntry } from '../api';

/** The users screen's calls beyond the generic CRUD ones; each resolves to the envelope. */

export interface Option {
  value: string;
  label: string;
}

export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

function field(node: object, ...names: string[]): string | undefined {
  const record = node as Record<string, unknown>;
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** `/sys/role/queryall` records (roleName or role_name) as select options; anything malformed is left out. */
export function roleOptions(result: unknown): Option[] {
  const records = Array.isArray(result) ? result : [];
  return records.flatMap((record: unknown) => {
    if (typeof record !== 'object' || record === null) return [];
    const value = field(record, 'id');
    const label = field(record, 'roleName', 'role_name', 'roleCode', 'role_code') ?? value;
    return value === undefined || label === undefined ? [] : [{ value, label }];
  });
}

/** `/sys/sysDepart/queryTreeList` nodes ({key, value, title, children}) as tree-select options. */
export function departTreeOptions(result: unknown, depth = 0): TreeOption[] {
  if (!Array.isArray(result) || depth > 32) return [];
  return result.flatMap((node: unknown) => {
    if (typeof node !== 'object' || node === null) return [];
    const value = field(node, 'value', 'id', 'key');
    const title = field(node, 'title', 'departName') ?? value;
    if (value === undefined || title === undefined) return [];
    const children = departTreeOptions((node as { children?: unknown }).children, depth + 1);
    return [children.length > 0 ? { value, title, children } : { value, title }];
  });
}

/** Loads options; null when the call failed (the form then says so and leaves the control empty). */
async function optionsFrom<T>(call: () => Promise<ApiResult<unknown>>, map: (result: unknown) => T[]): Promise<T[] | null> {
  try {
    const answer = await call();
    return answer.success ? map(answer.result) : null;
  } catch {
    return null;
  }
}

export const userCalls = {
  roles: () => optionsFrom(() => http.get(USER_API.allRoles), roleOptions),
  departTree: () => optionsFrom(() => http.get(USER_API.departTree), departTreeOptions),
  queryById: (api: string, id: string) => http.get<Record<string, unknown>>(`${api}/queryById`, { id }),
  roleIdsOf: (userId: string) => http.get<string[]>(USER_API.queryUserRole, { userid: userId }),
  departsOf: (userId: string) => http.get<UserDepartEntry[]>(USER_API.userDepartList, { userId }),
  add: (values: Record<string, unknown>) => http.post(USER_API.add, values),
  edit: (id: string, values: Record<string, unknown>) => http.put(USER_API.edit, { ...values, id }),
  /** null when the value may be used, else the server's message (skipped when empty). */
  checkOnly: async (name: 'username' | 'phone' | 'email', value: unknown, id?: string): Promise<string | null> => {
    if (typeof value !== 'string' || value.trim() === '') return null;
    const answer = await http.get(USER_API.checkOnlyUser, { [name]: value.trim(), ...(id !== undefined ? { id } : {}) });
    return answer.success ? null : answer.message;
  },
  setStatus: (ids: readonly string[], status: 1 | 2) => http.put(USER_API.frozenBatch, { ids: ids.join(','), status: String(status) }),
  changePassword: (body: { username: string; password: string; confirmpassword: string }) => http.put(USER_API.changePassword, body),
  remove: (id: string) => http.delete(USER_API.delete, { id }),
  removeBatch: (ids: readonly string[]) => http.delete(USER_API.deleteBatch, { ids: `${ids.join(',')},` }),
};
