/** The user form's options, mapped from the roles and departments areas' answers. */

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
