import { describe, expect, it } from 'vitest';
import { buildTree, myDepartForest, subtreeIds, toIdTree, type DepartRow } from '../../../departs/server/depart-tree';
import { nextOrgCode, segmentOf, segmentOrdinal } from '../../../departs/server/org-code';

function row(id: string, parent: string | null, sort = 0, code = id): DepartRow {
  return { id, parent_id: parent, org_code: code, depart_name: id, depart_name_en: null, org_category: null, sort, mobile: null, fax: null, address: null, memo: null };
}

describe('org codes', () => {
  it('counts A01 … A99, B01 … Z99', () => {
    expect(segmentOrdinal('A01')).toBe(1);
    expect(segmentOrdinal('A99')).toBe(99);
    expect(segmentOrdinal('B01')).toBe(100);
    expect(segmentOrdinal('A00')).toBe(0);
    expect(segmentOrdinal('a01')).toBe(0);
    expect(segmentOf(100)).toBe('B01');
    expect(segmentOf(2574)).toBe('Z99');
  });

  it('issues the code after the highest one ever issued under the parent', () => {
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('', ['A01', 'A01A01', 'A03'])).toBe('A04');
    expect(nextOrgCode('A01', ['A01', 'A01A01', 'A01A02', 'A01A02A01', 'A02A07'])).toBe('A01A03');
    expect(nextOrgCode('A01', ['A01A99'])).toBe('A01B01');
    expect(nextOrgCode('A01', ['A01Z99'])).toBeNull();
    // Malformed codes cannot collide with a well-formed one, so they are ignored.
    expect(nextOrgCode('', ['X', 'ZZZ', 'A1'])).toBe('A01');
  });
});

describe('server tree building', () => {
  const rows = [row('b', null, 2), row('a', null, 1), row('a2', 'a', 2), row('a1', 'a', 1), row('a1x', 'a1', 0), row('orphan', 'gone', 0)];

  it('sorts by sort at every level and roots rows whose parent is missing', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.id)).toEqual(['orphan', 'a', 'b']);
    expect(tree[1]?.children.map((n) => n.id)).toEqual(['a1', 'a2']);
    expect(tree[1]?.children[0]).toMatchObject({ isLeaf: false, children: [expect.objectContaining({ id: 'a1x', isLeaf: true, children: [] })] });
    expect(toIdTree(tree)[1]).toEqual({
      key: 'a', value: 'a', title: 'a',
      children: [{ key: 'a1', value: 'a1', title: 'a1', children: [{ key: 'a1x', value: 'a1x', title: 'a1x', children: [] }] }, { key: 'a2', value: 'a2', title: 'a2', children: [] }],
    });
  });

  it('finds subtrees and does not loop on a cycle', () => {
    expect([...subtreeIds(rows, 'a')].sort()).toEqual(['a', 'a1', 'a1x', 'a2']);
    expect(subtreeIds(rows, 'nope').size).toBe(0);
    const cyclic = [row('p', 'q'), row('q', 'p')];
    expect([...subtreeIds(cyclic, 'p')].sort()).toEqual(['p', 'q']);
  });

  it("gives the caller's departments once each, with their subtrees", () => {
    expect(myDepartForest(rows, ['a', 'a1']).map((n) => n.id)).toEqual(['a']);
    expect(myDepartForest(rows, ['a1', 'b']).map((n) => [n.id, n.children.length])).toEqual([['a1', 1], ['b', 0]]);
    expect(myDepartForest(rows, [])).toEqual([]);
  });
});
