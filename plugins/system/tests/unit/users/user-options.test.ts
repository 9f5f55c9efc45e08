/** The user form's option mapping over the roles and departments areas' answers. */
import { describe, expect, it } from 'vitest';
import { departTreeOptions, roleOptions } from '../../../users/components/user-options';

describe('roleOptions', () => {
  it('maps queryall records to options and leaves malformed entries out', () => {
    expect(roleOptions([{ id: 'r1', roleName: '店员', roleCode: 'clerk' }, { id: 'r2', roleCode: 'ops' }, { roleName: 'no id' }, null, 'x'])).toEqual([
      { value: 'r1', label: '店员' },
      { value: 'r2', label: 'ops' },
    ]);
    expect(roleOptions(null)).toEqual([]);
    expect(roleOptions({ records: [] })).toEqual([]);
  });
});

describe('departTreeOptions', () => {
  it('maps queryTreeList nodes (value or id, title or departName) recursively', () => {
    const tree = [
      { key: 'a', value: 'a', title: '总部', children: [{ id: 'b', departName: '华南分公司', children: [] }, { key: 'c', title: '华东分公司' }, { title: 'no id' }] },
    ];
    expect(departTreeOptions(tree)).toEqual([
      { value: 'a', title: '总部', children: [{ value: 'b', title: '华南分公司' }, { value: 'c', title: '华东分公司' }] },
    ]);
    expect(departTreeOptions(undefined)).toEqual([]);
  });
});
