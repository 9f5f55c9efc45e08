/** Tabs the orders plugin adds to other plugins' detail pages: 会员详情's orders and after-sales, 商品详情's sales. */
import { describe, expect, it } from 'vitest';
import { DEMO, loginAs, newPage, useBrowser } from '../../../../tests/e2e/support';
import { adminHeaders, call } from '../../../../tests/e2e/shop';

const browser = useBrowser();

describe('the member detail’s order tabs', () => {
  it('shows 销售订单 with this member’s orders, and 售后单', async () => {
    const admin = await adminHeaders();
    const latest = await call<{ records: Array<{ no: string; memberId: string }> }>(admin, 'GET', '/saleorder/saleOrder/list?pageNo=1&pageSize=1&type=0&column=createTime&order=desc');
    const order = latest.records[0];
    if (order === undefined) throw new Error('no demo order');
    const ofMember = await call<{ total: number }>(admin, 'GET', `/saleorder/saleOrder/list?pageNo=1&pageSize=1&memberId=${order.memberId}`);

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto(`/cust/CustMember/detail?id=${order.memberId}`);
    const tabs = page.locator('.entity-detail-header:visible + .ant-card');
    await tabs.getByRole('tab', { name: '销售订单' }).click();
    const rows = tabs.locator('.ant-tabs-tabpane-active tr.ant-table-row');
    await rows.filter({ hasText: order.no }).waitFor();
    expect(await rows.count()).toBe(Math.min(ofMember.total, 10));
    await tabs.getByRole('tab', { name: '售后单' }).click();
    await tabs.locator('.ant-tabs-tabpane-active .ant-table').waitFor();
    await context.close();
  });

  it('shows 商品详情’s 销售记录 with the order lines of that goods', async () => {
    const admin = await adminHeaders();
    const lines = await call<{ records: Array<{ spuId: string }> }>(admin, 'GET', '/saleorder/saleOrderItem/list?pageNo=1&pageSize=1');
    const spuId = lines.records[0]?.spuId;
    if (spuId === undefined) throw new Error('no demo order line');
    const ofSpu = await call<{ total: number }>(admin, 'GET', `/saleorder/saleOrderItem/list?pageNo=1&pageSize=1&spuId=${spuId}`);

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto(`/goods/goodsDetail?id=${spuId}`);
    const tabs = page.locator('.ant-tabs-tabpane-active .ant-card').filter({ has: page.getByRole('tab', { name: '销售记录' }) });
    await tabs.getByRole('tab', { name: '销售记录' }).click();
    const rows = tabs.locator('.ant-tabs-tabpane-active tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(Math.min(ofSpu.total, 10));
    await context.close();
  });
});
