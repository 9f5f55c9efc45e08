/** The system plugin's dictionary screens' API: CRUD through the engine on the core tables, lookups, cache. */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import type { DictItem } from '../../../../src/contracts/session';
import { call, probe, type RouteProbe, useDemoServer } from '../../../../tests/server/helpers';

const demo = useDemoServer();

describe('dictionaries', () => {
  it('creates a dictionary and an item, and the lookups see them after each edit', async () => {
    const dict = await call<{ id: string }>(demo.app, 'POST', '/api/sys/dict/add', { token: demo.admin, body: { dictName: '颜色', dictCode: 'color' } });
    expect(dict.body.message).toBe('添加成功！');
    const duplicate = await call(demo.app, 'POST', '/api/sys/dict/add', { token: demo.admin, body: { dictName: '颜色2', dictCode: 'color' } });
    expect(duplicate.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const dictId = dict.body.result.id;
    // Warm the cache, then change the data: the next lookup must not be stale.
    expect((await call<DictItem[]>(demo.app, 'GET', '/api/sys/dict/getDictItems/color', { token: demo.admin })).body.result).toEqual([]);
    const item = await call<{ id: string }>(demo.app, 'POST', '/api/sys/dictItem/add', { token: demo.admin, body: { dictId, itemText: '红', itemValue: 'red', sortOrder: 1, status: 1 } });
    expect(item.body.success).toBe(true);
    expect((await call<DictItem[]>(demo.app, 'GET', '/api/sys/dict/getDictItems/color', { token: demo.admin })).body.result.map((i) => i.text)).toEqual(['红']);
    const same = await call(demo.app, 'POST', '/api/sys/dictItem/add', { token: demo.admin, body: { dictId, itemText: '又红', itemValue: 'red' } });
    expect(same.body.success).toBe(false);
    await call(demo.app, 'PUT', '/api/sys/dictItem/edit', { token: demo.admin, body: { id: item.body.result.id, itemText: '大红' } });
    expect((await call<string[]>(demo.app, 'GET', '/api/sys/dict/loadDictItem/color?key=red,blue', { token: demo.admin })).body.result).toEqual(['大红']);
    expect((await call<string[]>(demo.app, 'GET', '/api/sys/dict/loadDictItem/color?key=red,blue&delNotExist=false', { token: demo.admin })).body.result).toEqual(['大红', 'blue']);
    expect((await call<DictItem[]>(demo.app, 'GET', `/api/sys/dict/loadDict/color?keyword=${encodeURIComponent('大')}`, { token: demo.admin })).body.result.map((i) => i.value)).toEqual(['red']);
    const items = await call<PageResult<{ itemText: string; status_dictText: string }>>(demo.app, 'GET', `/api/sys/dictItem/list?dictId=${dictId}`, { token: demo.admin });
    expect(items.body.result.records).toMatchObject([{ itemText: '大红', status_dictText: '有效' }]);
    expect((await call(demo.app, 'DELETE', `/api/sys/dict/delete?id=${dictId}`, { token: demo.admin })).body.message).toBe('删除成功!');
    expect((await call(demo.app, 'GET', '/api/sys/dict/getDictItems/color', { token: demo.admin })).body.success).toBe(false);
  });

  it('lists with search and sort, and rejects an item for a missing dictionary', async () => {
    // Every plugin brings its own *status* dictionaries: the search finds them all, the sort orders them both ways.
    const codesOf = async (order: 'asc' | 'desc') =>
      (await call<PageResult<{ dictCode: string }>>(demo.app, 'GET', `/api/sys/dict/list?dictCode=*status*&column=dictCode&order=${order}&pageSize=100`, { token: demo.admin })).body.result.records.map((r) => r.dictCode);
    const ascending = await codesOf('asc');
    expect(ascending).toEqual(expect.arrayContaining(['drp_withdraw_status', 'goods_spu_status', 'sale_order_status', 'sale_pay_status', 'user_status', 'valid_status']));
    expect(ascending.every((code) => code.includes('status'))).toBe(true);
    expect(ascending[0]).toBe('coupon_template_status');
    expect(ascending.indexOf('user_status')).toBeLessThan(ascending.indexOf('valid_status'));
    expect(await codesOf('desc')).toEqual([...ascending].reverse());
    const orphan = await call(demo.app, 'POST', '/api/sys/dictItem/add', { token: demo.admin, body: { dictId: 'nope', itemText: 'x', itemValue: 'x' } });
    expect(orphan.body).toMatchObject({ success: false, message: '字典不存在' });
  });

  it('resolves only registered codes in the lookups', async () => {
    for (const code of ["sys_user,password,username", "' or 1=1--", 'users', 'a.b']) {
      const response = await call(demo.app, 'GET', `/api/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=a`, { token: demo.admin });
      expect(response.body).toMatchObject({ success: false, message: '字典不存在' });
    }
    const table = await call<DictItem[]>(demo.app, 'GET', '/api/sys/dict/loadDict/sys_user_realname?keyword=clerk', { token: demo.admin });
    expect(table.body.result.map((i) => i.value)).toEqual(['clerk']);
  });

  it('answers 403 to clerk on every dictionary management route', async () => {
    const routes: RouteProbe[] = [];
    for (const base of ['/api/sys/dict', '/api/sys/dictItem']) {
      routes.push(['GET', `${base}/list`], ['GET', `${base}/queryById?id=x`], ['POST', `${base}/add`], ['PUT', `${base}/edit`], ['DELETE', `${base}/delete?id=x`], ['DELETE', `${base}/deleteBatch?ids=x`], ['GET', `${base}/exportXls`], ['POST', `${base}/importExcel`]);
    }
    for (const route of routes) {
      expect((await probe(demo.app, route, demo.clerk)).status, route.join(' ')).toBe(403);
    }
  });
});
