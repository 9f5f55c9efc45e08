/** Detail breadcrumbs include the menu group (issue 32): a static route under its parent menu page. */
import { describe, expect, it } from 'vitest';
import type { FlatRoute } from '../../../src/routing/menu-routes';
import { findRouteChain, underParents } from '../../../src/routing/route-chain';

const route = (path: string, breadcrumb: Array<[string, string]>): FlatRoute => ({
  path,
  name: path,
  title: breadcrumb.at(-1)?.[0] ?? '',
  hidden: false,
  route: { path, name: path, component: '', hidden: false, alwaysShow: false, isLayout: false, external: false, meta: { title: breadcrumb.at(-1)?.[0] ?? '' }, children: [] },
  breadcrumb: breadcrumb.map(([title, at]) => ({ title, path: at })),
});

const menu = [route('/saleorder/saleOrderList', [['销售订单', '/saleorder'], ['订单列表', '/saleorder/saleOrderList']])];
const statics = [route('/saleorder/saleOrderDetail', [['订单详情', '/saleorder/saleOrderDetail']]), route('/test/home', [['测试', '/test/home']])];

describe('static routes under their parents', () => {
  it('puts a detail under its list’s chain, menu group first', () => {
    const placed = underParents(statics, (path) => (path === '/saleorder/saleOrderDetail' ? '/saleorder/saleOrderList' : undefined), menu);
    expect(findRouteChain(placed, '/saleorder/saleOrderDetail')?.map((entry) => entry.title)).toEqual(['销售订单', '订单列表', '订单详情']);
    expect(findRouteChain(placed, '/test/home')?.map((entry) => entry.title)).toEqual(['测试']);
  });

  it('leaves a route whose parent the user’s menu lacks as it is', () => {
    const placed = underParents(statics, () => '/saleorder/saleOrderList', []);
    expect(findRouteChain(placed, '/saleorder/saleOrderDetail')?.map((entry) => entry.title)).toEqual(['订单详情']);
  });
});
