/**
 * The detail page piece: the record named by `?id=` loaded through Refine (useOne), its descriptions
 * from the definition (dictionary text, money with two decimals), a related list filtered by the
 * record's id, and the state timeline.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberEntity } from '../../../plugins/customers/entities';
import { defineEntity } from '../../../src/contracts/entity';
import { resourceOf } from '../../../src/toolkit/crud';
import { ContributedListsContext, EntityDetailPage, StateTimeline, type RelatedList } from '../../../src/toolkit/detail';
import { CLERK_AUTH, entry, loadLocales, MEMBER_ALL_AUTH, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';

const pointsLogEntity = defineEntity({
  table: 'cust_points_log',
  api: '/cust/pointsLog',
  permission: 'cust:pointsLog',
  fields: {
    memberId: { type: 'ref', label: 'customers:member.fields.memberNo', list: false, form: false },
    point: { type: 'int', label: 'customers:member.fields.point' },
  },
});

let server: MockServer;

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  server = mockServer((config) => {
    if (config.url === '/cust/custMember/queryById') return { status: 200, data: ok({ id: 'm7', memberNo: 'M7', memberName: '丙', balance: 1959.5, levelId: 'l2', levelId_dictText: '银卡会员' }) };
    if (config.url === '/cust/pointsLog/list') return { status: 200, data: ok({ records: [{ id: 'p1', memberId: 'm7', point: 120 }], total: 1 }) };
    return { status: 404 };
  });
});

describe('EntityDetailPage', () => {
  it('shows the record of ?id= with its descriptions and a related list filtered by its id', async () => {
    const related = [{ key: 'points', label: 'customers:member.fields.point', entity: pointsLogEntity, foreignKey: 'memberId' }];
    const { container } = renderInRefine(<EntityDetailPage entity={memberEntity} related={related} />, [resourceOf(memberEntity), resourceOf(pointsLogEntity)], '/cust/memberDetail?id=m7');
    await waitFor(() => expect(container.querySelector('.entity-descriptions')?.textContent).toContain('丙'), { timeout: 20_000 });
    const descriptions = container.querySelector('.entity-descriptions')?.textContent ?? '';
    expect(descriptions).toContain('¥1,959.50');
    expect(descriptions).toContain('银卡会员');
    await waitFor(() => expect(container.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(1), { timeout: 20_000 });
    const list = server.calls.find((call) => call.url === '/cust/pointsLog/list');
    expect((list?.params as Record<string, unknown>).memberId).toBe('m7');
    expect(server.calls.filter((call) => call.url === '/cust/custMember/queryById')).toHaveLength(1);
  }, 60_000);
});

describe('lists another plugin adds to the detail page', () => {
  const orderEntity = defineEntity({
    table: 'sale_order',
    api: '/saleorder/saleOrder',
    permission: 'saleorder:order',
    fields: { memberId: { type: 'ref', label: 'customers:member.fields.memberNo', list: false, form: false }, no: { type: 'string', label: 'customers:member.fields.memberNo' } },
  });
  const contributed: RelatedList[] = [{ key: 'orders', label: 'customers:member.fields.point', entity: orderEntity, foreignKey: 'memberId', permission: 'saleorder:order:list' }];
  const lists = (table: string) => (table === 'cust_member' ? contributed : []);
  const ordersCode = entry('saleorder:order:list', '1', '1');

  const renderDetail = () =>
    renderInRefine(
      <ContributedListsContext.Provider value={lists}>
        <EntityDetailPage entity={memberEntity} />
      </ContributedListsContext.Provider>,
      [resourceOf(memberEntity), resourceOf(orderEntity)],
      '/cust/memberDetail?id=m7',
    );

  it('shows the contributed tab, filtered by the record, to a user granted its permission', async () => {
    signInClerk([...CLERK_AUTH, ordersCode], [...MEMBER_ALL_AUTH, ordersCode]);
    server.reply((config) => {
      if (config.url === '/cust/custMember/queryById') return { status: 200, data: ok({ id: 'm7', memberNo: 'M7', memberName: '丙' }) };
      if (config.url === '/saleorder/saleOrder/list') return { status: 200, data: ok({ records: [{ id: 'o1', memberId: 'm7', no: 'SO1' }], total: 1 }) };
      return { status: 404 };
    });
    const { container } = renderDetail();
    await waitFor(() => expect(container.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(1), { timeout: 20_000 });
    expect((server.calls.find((call) => call.url === '/saleorder/saleOrder/list')?.params as Record<string, unknown>).memberId).toBe('m7');
  }, 60_000);

  it('leaves the tab out for a user without the permission, and asks the server nothing for it', async () => {
    signInClerk(CLERK_AUTH, [...MEMBER_ALL_AUTH, ordersCode]);
    const { container } = renderDetail();
    await waitFor(() => expect(container.querySelector('.entity-descriptions')?.textContent).toContain('丙'), { timeout: 20_000 });
    // Only the record's own 修改记录 remains.
    expect([...container.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent)).toEqual(['修改记录']);
    expect(server.calls.some((call) => call.url === '/saleorder/saleOrder/list')).toBe(false);
  }, 60_000);
});

describe('StateTimeline', () => {
  it('lists the state log, the latest entry highlighted; empty shows 暂无数据', () => {
    const { container, rerender } = render(
      <StateTimeline
        entries={[
          { id: '1', title: '已下单', time: '2026-01-01 10:00:00', operator: '张三' },
          { id: '2', title: '已发货', time: '2026-01-02 09:00:00', remark: '顺丰 SF123' },
        ]}
      />,
    );
    const items = [...container.querySelectorAll('.ant-timeline-item')];
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['已下单', '已发货']);
    expect(items[1]?.querySelector('.ant-timeline-item-head-green')).not.toBeNull();
    expect(screen.getByText('顺丰 SF123')).toBeTruthy();
    rerender(<StateTimeline entries={[]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

describe('修改记录 (the record’s history through the audit-log provider)', () => {
  it('asks the data log for the record and shows each version, an edit’s fields with the definition’s labels before and after', async () => {
    server = mockServer((config) => {
      if (config.url === '/cust/custMember/queryById') return { status: 200, data: ok({ id: 'm7', memberNo: 'M7', memberName: '丙' }) };
      if (config.url === '/sys/dataLog/history') {
        return {
          status: 200,
          data: ok([
            { id: 'v2', dataVersion: 2, action: 'edit', createBy: 'admin', createTime: '2026-11-24 10:00:00', content: {}, changes: [{ field: 'memberName', label: '会员名称', before: '乙', after: '丙' }, { field: 'remark', label: '备注', before: null, after: true }] },
            { id: 'v1', dataVersion: 1, action: 'add', createBy: 'clerk', createTime: '2026-11-23 09:00:00', content: { memberName: '乙' }, changes: [] },
          ]),
        };
      }
      return { status: 404 };
    });
    const { container } = renderInRefine(<EntityDetailPage entity={memberEntity} />, [resourceOf(memberEntity)], '/cust/memberDetail?id=m7');
    const tab = await screen.findByRole('tab', { name: '修改记录' }, { timeout: 20_000 });
    tab.click();
    const history = await screen.findByTestId('record-history', {}, { timeout: 20_000 });
    expect(server.calls.find((call) => call.url === '/sys/dataLog/history')?.params).toMatchObject({ dataTable: 'cust_member', dataId: 'm7' });
    expect([...history.querySelectorAll('.record-history-version > .ant-tag')].map((tag) => tag.textContent)).toEqual(['修改', '新增']);
    const cells = [...history.querySelectorAll('.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    // memberName is labelled by the definition (its locale: 会员姓名), the unknown remark by the server's label; true reads 是.
    expect(cells).toEqual([
      ['会员姓名', '乙', '丙'],
      ['备注', '—', '是'],
    ]);
    expect(container.textContent).toContain('第 2 版');
  }, 60_000);
});
