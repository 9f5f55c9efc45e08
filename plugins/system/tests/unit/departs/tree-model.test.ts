import { describe, expect, it } from 'vitest';
import { ancestorIds, expandableKeys, idParam, indexTree, parentAfterDrop, subtreeIds } from '../../../departs/components/tree-model';
import type { DepartTreeNode } from '../../../departs/entities';

function node(id: string, children: DepartTreeNode[] = [], parentId: string | null = null): DepartTreeNode {
  return {
    key: id, value: id, title: id, id, parentId, orgCode: id, departName: id, departNameEn: null, orgCategory: null, sort: 0,
    mobile: null, fax: null, address: null, memo: null, isLeaf: children.length === 0, children,
  };
}

// hq ─┬─ east ── shanghai
//     └─ south
// other
const nodes = [node('hq', [node('east', [node('shanghai')]), node('south')]), node('other')];
const index = indexTree(nodes);

describe('department tree model', () => {
  it('indexes parents and lists what can expand', () => {
    expect(index.parentOf.get('shanghai')).toBe('east');
    expect(index.parentOf.get('hq')).toBeNull();
    expect(expandableKeys(nodes)).toEqual(['hq', 'east']);
    expect(ancestorIds(index, 'shanghai')).toEqual(['hq', 'east']);
    expect(ancestorIds(index, 'other')).toEqual([]);
    expect(subtreeIds(nodes[0] as DepartTreeNode)).toEqual(['hq', 'east', 'shanghai', 'south']);
  });

  it('turns a drop into the new parent, or nothing when the parent stays', () => {
    // Onto a node: it becomes the parent.
    expect(parentAfterDrop(index, { dragId: 'south', dropId: 'east', dropToGap: false })).toBe('east');
    // Beside a node: the node's parent.
    expect(parentAfterDrop(index, { dragId: 'shanghai', dropId: 'south', dropToGap: true })).toBe('hq');
    expect(parentAfterDrop(index, { dragId: 'shanghai', dropId: 'other', dropToGap: true })).toBeNull();
    // Same parent as before, or onto itself: nothing to do.
    expect(parentAfterDrop(index, { dragId: 'south', dropId: 'east', dropToGap: true })).toBeUndefined();
    expect(parentAfterDrop(index, { dragId: 'east', dropId: 'east', dropToGap: false })).toBeUndefined();
    // Under its own descendant is still asked for: the server decides and refuses.
    expect(parentAfterDrop(index, { dragId: 'hq', dropId: 'shanghai', dropToGap: false })).toBe('shanghai');
  });

  it('accepts only plain ids from the URL', () => {
    expect(idParam('abc_123-X')).toBe('abc_123-X');
    expect(idParam(null)).toBeNull();
    expect(idParam("x' or 1=1")).toBeNull();
    expect(idParam('')).toBeNull();
  });
});
