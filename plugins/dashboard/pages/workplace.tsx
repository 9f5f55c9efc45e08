import { BellOutlined } from '@ant-design/icons';
import { Badge, Card, Col, Empty, List, Row, Skeleton, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageResult } from '../../../src/contracts/envelope';
import type { MenuItem } from '../../../src/contracts/session';
import { useUserInfo } from '../../../src/app/use-session';
import { greetingKey } from '../../../src/shell/greeting';
import { useMenuTree } from '../../../src/shell/menu/menu-context';
import { MenuIcon } from '../../../src/shell/menu/menu-icons';
import { dictColumn, LoadErrorAlert, moneyText, useCustomRead } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { CounterGrid } from '../components/counter-grid';
import { useCounters } from '../components/dashboard-data';
import { ORDER_LIST_PERMISSION } from '../model';
import { shopNow } from '../../../src/toolkit/utils';

const ORDER_LIST_API = '/saleorder/saleOrder/list';
const ORDER_LIST_PATH = '/saleorder/saleOrderList';
const ORDER_DETAIL_PATH = '/saleorder/saleOrderDetail';
const MY_NOTICES_API = '/sys/sysAnnouncementSend/getMyAnnouncementSend';
const MY_NOTICES_PATH = '/system/userAnnouncement';
const SHORTCUTS = 12;

interface RecentOrder {
  id: string;
  no: string;
  buyerName: string | null;
  payPrice: string | number;
  status: string;
  status_dictText?: string;
  createTime: string;
}

interface MyNotice {
  id: string;
  anntId: string;
  titile: string;
  sendTime: string | null;
  readFlag: '0' | '1';
}

/** The in-app pages of the user's menu tree, in menu order (the shortcuts). */
function leavesOf(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.hidden === true || !item.path.startsWith('/') ? [] : item.children !== undefined && item.children.length > 0 ? leavesOf(item.children) : item.route === '0' ? [] : [item]));
}

function RecentOrders() {
  const { t } = useTranslation('dashboard');
  const orders = useCustomRead<PageResult<RecentOrder>>({ url: ORDER_LIST_API, query: { pageNo: 1, pageSize: 5, column: 'createTime', order: 'desc' } }, { failure: t('loadError') });
  return (
    <Card title={t('workplace.recentOrders')} extra={<Link to={ORDER_LIST_PATH}>{t('workplace.moreOrders')}</Link>} data-testid="recent-orders">
      <LoadErrorAlert error={orders.error} onRetry={orders.retry} style={{ marginBottom: 16 }} />
      <Table<RecentOrder>
        size="small"
        rowKey="id"
        pagination={false}
        loading={orders.loading}
        dataSource={orders.value?.records ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 640 }}
        columns={[
          { key: 'no', dataIndex: 'no', title: t('workplace.orderNo'), render: (value: string, record) => <Link to={`${ORDER_DETAIL_PATH}?id=${encodeURIComponent(record.id)}`}>{value}</Link> },
          { key: 'buyerName', dataIndex: 'buyerName', title: t('workplace.buyer'), ellipsis: true },
          { key: 'payPrice', dataIndex: 'payPrice', title: t('workplace.payPrice'), align: 'right', render: (value: unknown) => moneyText(value) },
          // The orders plugin's status dictionary, by its code (a dictionary is shared data, not another plugin's file).
          dictColumn<RecentOrder>('status', 'sale_order_status', t('workplace.status')),
          { key: 'createTime', dataIndex: 'createTime', title: t('workplace.createTime'), width: 170 },
        ]}
      />
    </Card>
  );
}

function LatestNotices({ canOpenAll }: { canOpenAll: boolean }) {
  const { t } = useTranslation('dashboard');
  const notices = useCustomRead<PageResult<MyNotice>>({ url: MY_NOTICES_API, query: { pageNo: 1, pageSize: 5 } }, { failure: t('loadError') });
  return (
    <Card title={t('workplace.notices')} extra={canOpenAll ? <Link to={MY_NOTICES_PATH}>{t('workplace.moreNotices')}</Link> : null} data-testid="latest-notices" style={{ height: '100%' }}>
      <LoadErrorAlert error={notices.error} onRetry={notices.retry} style={{ marginBottom: 16 }} />
      {notices.value === undefined ? (
        notices.error === null ? <Skeleton active paragraph={{ rows: 3 }} /> : null
      ) : (
        <List
          size="small"
          dataSource={notices.value.records}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workplace.noNotices')} /> }}
          renderItem={(notice) => (
            <List.Item key={notice.id}>
              <List.Item.Meta
                avatar={notice.readFlag === '0' ? <Badge dot title={t('workplace.unread')}><BellOutlined /></Badge> : <BellOutlined />}
                title={
                  <Typography.Text ellipsis={{ tooltip: notice.titile }} translate="no">
                    {notice.titile}
                  </Typography.Text>
                }
                description={notice.sendTime ?? ''}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * `dashboard/Workplace` (工作台, docs/reference/business-domains.md §6): the counters within the user's permissions, the
 * latest orders (only with the order list's permission), the user's latest messages and shortcuts to the
 * pages of their menu.
 */
export default function WorkplacePage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useUserInfo();
  const counters = useCounters(undefined, t('dashboard:loadError'));
  const orders = useAccess(ORDER_LIST_PERMISSION);
  const menu = useMenuTree();
  const leaves = useMemo(() => leavesOf(menu), [menu]);
  const shortcuts = leaves.filter((item) => !item.path.startsWith('/dashboard/')).slice(0, SHORTCUTS);
  const canOpenNotices = leaves.some((item) => item.path === MY_NOTICES_PATH);
  const greeting = t(`common:greeting.${greetingKey(shopNow().hour())}`);

  return (
    <div>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          <Trans t={t} i18nKey="dashboard:greetingLine" values={{ greeting, name: user?.realname ?? user?.username ?? '' }} components={{ name: <span translate="no" /> }} />
        </Typography.Title>
        <Typography.Text type="secondary">{t('dashboard:workplace.title')}</Typography.Text>
      </Card>
      <Card title={t('dashboard:workplace.counters')} style={{ marginTop: 24 }} data-testid="workplace-counters">
        <CounterGrid views={counters.value} loading={counters.loading} error={counters.error} retry={counters.retry} />
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        {orders.visible ? (
          <Col xs={24} xl={16}>
            <RecentOrders />
          </Col>
        ) : null}
        <Col xs={24} xl={orders.visible ? 8 : 24}>
          <LatestNotices canOpenAll={canOpenNotices} />
        </Col>
      </Row>
      <Card title={t('dashboard:workplace.shortcuts')} style={{ marginTop: 24 }} data-testid="shortcuts">
        {shortcuts.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboard:workplace.noShortcuts')}</Typography.Text>
        ) : (
          <Row gutter={[16, 16]}>
            {shortcuts.map((item) => (
              <Col key={item.id} xs={12} sm={8} md={6} xl={4}>
                <Link to={item.path}>
                  <Card size="small" hoverable>
                    <MenuIcon name={item.meta?.icon} /> {item.meta?.title ?? item.name}
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </div>
  );
}
