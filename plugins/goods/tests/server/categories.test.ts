/** The category tree (docs/spec.md §7): queryTreeList, searchBy, placement rules and the guarded delete (issue #12). */
import { describe, expect, it } from 'vitest';
import { useDemoServer } from '../../../../tests/server/helpers';
import type { CategoryRecord } from '../../entities';
import { adminCaller, CATEGORY, freshLeafCategory, multiSpu, addSpu, colourSize, unique } from './goods-helpers';

const demo = useDemoServer();

interface Node {
  id: string;
  name: string;
  title: string;
  parentId: string;
  level: number;
  isLeaf: boolean;
  children: Node[];
}

const add = (body: Record<string, unknown>) => adminCaller(demo)<CategoryRecord>('POST', `${CATEGORY}/add`, { sort: 1, status: '1', ...body });

describe('queryTreeList', () => {
  it('nests the seeded three levels, sorted by sort then name, with empty children on leaves', async () => {
    const tree = await adminCaller(demo)<Node[]>('GET', `${CATEGORY}/queryTreeList`);
    expect(tree.body.success).toBe(true);
    const roots = tree.body.result;
    expect(roots.slice(0, 4).map((node) => node.name)).toEqual(['服装', '数码', '食品', '家居']);
    const clothes = roots[0];
    expect(clothes?.children.map((node) => node.name)).toEqual(['男装', '女装']);
    const men = clothes?.children[0];
    expect(men?.children.map((node) => [node.name, node.level, node.isLeaf, node.children])).toEqual([
      ['T恤', 3, true, []],
      ['衬衫', 3, true, []],
      ['夹克', 3, true, []],
    ]);
    expect(men).toMatchObject({ title: '男装', parentId: clothes?.id, level: 2, isLeaf: false });
    const count = (nodes: Node[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);
    expect(count(roots)).toBeGreaterThanOrEqual(30);
  });
});

describe('searchBy', () => {
  it('answers the matching categories flat, and success:false when none matches', async () => {
    const found = await adminCaller(demo)<Node[]>('GET', `${CATEGORY}/searchBy?keyword=${encodeURIComponent('装')}`);
    expect(found.body.success).toBe(true);
    expect(found.body.result.map((node) => node.name)).toEqual(expect.arrayContaining(['服装', '男装', '女装']));
    expect(found.body.result.every((node) => node.children.length === 0 && node.isLeaf)).toBe(true);
    const none = await adminCaller(demo)('GET', `${CATEGORY}/searchBy?keyword=${encodeURIComponent('不存在的分类名')}`);
    expect(none.body).toMatchObject({ success: false, message: '未查询匹配数据！', result: [] });
  });
});

describe('placement rules', () => {
  it('refuses an unknown parent, a fourth level and a move into its own subtree', async () => {
    expect((await add({ name: unique('孤儿'), parentId: 'nope' })).body).toMatchObject({ success: false, message: '上级分类不存在' });
    const root = (await add({ name: unique('一级'), parentId: '0' })).body.result;
    const second = (await add({ name: unique('二级'), parentId: root.id })).body.result;
    const third = (await add({ name: unique('三级'), parentId: second.id })).body.result;
    expect(third.parentId).toBe(second.id);
    expect((await add({ name: unique('四级'), parentId: third.id })).body).toMatchObject({ success: false, message: '分类最多3级' });
    const admin = adminCaller(demo);
    expect((await admin('PUT', `${CATEGORY}/edit`, { id: root.id, parentId: third.id })).body).toMatchObject({ success: false, message: '不能将分类移动到其自身或其下级分类之下' });
    expect((await admin('PUT', `${CATEGORY}/edit`, { id: root.id, parentId: root.id })).body).toMatchObject({ success: false, message: '不能将分类移动到其自身或其下级分类之下' });
    // Moving a two-level subtree under another level-2 category would make four levels.
    const other = (await add({ name: unique('另一一级'), parentId: '0' })).body.result;
    const otherChild = (await add({ name: unique('另一二级'), parentId: other.id })).body.result;
    expect((await admin('PUT', `${CATEGORY}/edit`, { id: second.id, parentId: otherChild.id })).body).toMatchObject({ success: false, message: '分类最多3级' });
    expect((await admin('PUT', `${CATEGORY}/edit`, { id: second.id, parentId: other.id })).body.success).toBe(true);
    // A root added without a parent is a root ('0').
    expect((await add({ name: unique('无上级') })).body.result.parentId).toBe('0');
  });
});

describe('delete', () => {
  it('refuses a category with children or goods, one and in a batch, and deletes an empty one', async () => {
    const admin = adminCaller(demo);
    const leaf = await freshLeafCategory(demo);
    const parent = (await admin<CategoryRecord>('GET', `${CATEGORY}/queryById?id=${leaf}`)).body.result.parentId;
    expect((await admin('DELETE', `${CATEGORY}/delete?id=${parent}`)).body).toMatchObject({ success: false, message: '该分类下有子分类，不能删除' });
    await addSpu(demo, multiSpu(leaf, [{ properties: colourSize('红色', 'M'), price: 10, stock: 1 }]));
    expect((await admin('DELETE', `${CATEGORY}/delete?id=${leaf}`)).body).toMatchObject({ success: false, message: '该分类下有商品，不能删除' });
    expect((await admin('DELETE', `${CATEGORY}/deleteBatch?ids=${leaf},${parent},`)).body).toMatchObject({ success: false, message: '该分类下有商品，不能删除' });
    // A goods-holding category cannot become a root either.
    expect((await admin('PUT', `${CATEGORY}/edit`, { id: leaf, parentId: '0' })).body).toMatchObject({ success: false, message: '该分类下有商品，不能设为一级分类' });

    const emptyLeaf = await freshLeafCategory(demo);
    const emptyParent = (await admin<CategoryRecord>('GET', `${CATEGORY}/queryById?id=${emptyLeaf}`)).body.result.parentId;
    // Parent and child in one batch: the child is no obstacle.
    expect((await admin('DELETE', `${CATEGORY}/deleteBatch?ids=${emptyParent},${emptyLeaf}`)).body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await admin('DELETE', `${CATEGORY}/delete?id=${emptyLeaf}`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('offers only enabled categories in the goods_category dictionary', async () => {
    const admin = adminCaller(demo);
    const leaf = await freshLeafCategory(demo);
    const items = async () => (await admin<Array<{ value: string }>>('GET', '/api/sys/dict/getDictItems/goods_category')).body.result.map((item) => item.value);
    expect(await items()).toContain(leaf);
    await admin('PUT', `${CATEGORY}/edit`, { id: leaf, status: '0' });
    expect(await items()).not.toContain(leaf);
  });
});
