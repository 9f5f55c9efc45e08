import { Button, Card, Col, DatePicker, Form, Input, Row, Tag, Typography, type TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, LoadErrorAlert, moneyText, useCustomRead } from '../../../src/toolkit/crud';
import { drpDistributorEntity, PERFORMANCE_API, type DrpPerformanceRow } from '../entities';
import { shopNow } from '../../../src/toolkit/utils';

interface SearchValues {
  month: Dayjs | null;
  keyword?: string;
}

const RANK_COLORS = ['gold', 'default', 'orange'];

/**
 * 业绩 (docs/reference/business-domains.md §5): per distributor for the chosen month — new referrals, referred orders and
 * their amount, commission settled and pending, withdrawals paid — ranked by referred order amount.
 */
export default function PerformanceListPage() {
  const { t } = useTranslation(['distribution', 'crud']);
  const [form] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<{ month: string; keyword: string }>({ month: shopNow().format('YYYY-MM'), keyword: '' });
  const read = useCustomRead<{ records: DrpPerformanceRow[]; total: number }>({ url: PERFORMANCE_API, query: search }, { failure: t('performance.loadError'), family: drpDistributorEntity.table });

  const columns: TableColumnType<DrpPerformanceRow>[] = [
    { key: 'rank', dataIndex: 'rank', title: t('performance.rank'), width: 80, render: (value: number) => (value <= 3 ? <Tag color={RANK_COLORS[value - 1]}>{value}</Tag> : value) },
    {
      key: 'member',
      dataIndex: 'memberName',
      title: t('performance.member'),
      render: (_value: unknown, row) => (
        <span>
          <Typography.Text>{row.memberName}</Typography.Text>
          {row.mobile ? <Typography.Text type="secondary"> {row.mobile}</Typography.Text> : null}
        </span>
      ),
    },
    { key: 'newReferrals', dataIndex: 'newReferrals', title: t('performance.newReferrals'), width: 110 },
    { key: 'orderCount', dataIndex: 'orderCount', title: t('performance.orderCount'), width: 110 },
    { key: 'orderAmount', dataIndex: 'orderAmount', title: t('performance.orderAmount'), width: 140, render: (value: unknown) => moneyText(value) },
    { key: 'settledBrokerage', dataIndex: 'settledBrokerage', title: t('performance.settledBrokerage'), width: 130, render: (value: unknown) => moneyText(value) },
    { key: 'pendingBrokerage', dataIndex: 'pendingBrokerage', title: t('performance.pendingBrokerage'), width: 130, render: (value: unknown) => moneyText(value) },
    { key: 'withdrawnPrice', dataIndex: 'withdrawnPrice', title: t('performance.withdrawnPrice'), width: 120, render: (value: unknown) => moneyText(value) },
  ];

  return (
    <Card title={t('performance.title')}>
      <Form<SearchValues>
        form={form}
        name="search"
        layout="inline"
        className="crud-search-form"
        initialValues={{ month: shopNow(), keyword: '' }}
        onFinish={(values) => setSearch({ month: (values.month ?? shopNow()).format('YYYY-MM'), keyword: values.keyword?.trim() ?? '' })}
      >
        <Row gutter={[16, 12]} style={{ width: '100%' }}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="month" label={t('performance.month')} style={{ width: '100%' }}>
              <DatePicker picker="month" allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="keyword" label={t('performance.keyword')} style={{ width: '100%' }}>
              <Input allowClear placeholder={t('performance.keywordPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Button type="primary" htmlType="submit">
              {t('performance.search')}
            </Button>
          </Col>
        </Row>
      </Form>
      <Typography.Paragraph type="secondary" style={{ margin: '16px 0' }}>
        {t('performance.hint')}
      </Typography.Paragraph>
      <LoadErrorAlert error={read.error} onRetry={read.retry} style={{ marginBottom: 16 }} />
      <ListTable<DrpPerformanceRow> rowKey="distributorId" size="middle" keyColumn="member" loading={read.loading} dataSource={read.value?.records ?? []} columns={columns} pagination={{ pageSize: 20, showSizeChanger: false }} />
    </Card>
  );
}
