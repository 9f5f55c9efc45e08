import { Col, Empty, Row, Table, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { moneyText } from '../../../src/toolkit/crud';
import { plotted, sharesOf } from './report-format';

export interface ShareRow {
  /** The dimension value (a dictionary value, an id). */
  key: string;
  /** Its text (the dictionary text). */
  label: string;
  count: number | string;
  /** Money as decimal text. */
  amount: string;
}

export interface SharePieProps {
  rows: readonly ShareRow[];
  /** What the slices and percentages share: the counts (default) or the amounts. */
  by?: 'count' | 'amount';
  /** Column titles (defaults: 名称, 数量, 金额). */
  labelTitle?: string;
  countTitle?: string;
  amountTitle?: string;
  height?: number;
  'data-testid'?: string;
}

/**
 * Shares as a pie beside a table (label, count, amount, percentage). Percentages are exact decimal
 * texts of `by`; the pie follows the theme and resizes with the layout; an antd Empty without rows.
 */
export function SharePie({ rows, by = 'count', labelTitle, countTitle, amountTitle, height = 260, 'data-testid': testId }: SharePieProps) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.colorSuccess, token.colorInfo, token.colorWarning, token.colorError, '#722ed1', '#13c2c2', '#eb2f96', '#a0d911', '#2f54eb'];
  const shares = useMemo(() => sharesOf(rows.map((row) => (by === 'count' ? row.count : row.amount))), [rows, by]);
  const table = rows.map((row, index) => ({ ...row, share: shares[index] ?? '0.00%' }));
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid={testId} />;
  const slices = rows.map((row) => ({ name: row.label, value: plotted(by === 'count' ? row.count : row.amount) }));
  return (
    <Row gutter={[16, 16]} data-testid={testId} align="middle">
      <Col xs={24} md={10}>
        <div style={{ width: '100%', height }}>
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie data={slices} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" isAnimationActive={false} stroke={token.colorBgContainer}>
                {slices.map((slice, index) => (
                  <Cell key={slice.name} fill={palette[index % palette.length]} />
                ))}
              </Pie>
              <Tooltip
                formatter={(value) => (by === 'amount' ? moneyText(value) : String(value))}
                contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorderSecondary, color: token.colorText }}
                itemStyle={{ color: token.colorText }}
              />
            </PieChart>
          </ResponsiveContainer>
        </div>
      </Col>
      <Col xs={24} md={14}>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={table}
          columns={[
            { key: 'label', dataIndex: 'label', title: labelTitle ?? t('share.label') },
            { key: 'count', dataIndex: 'count', title: countTitle ?? t('share.count'), align: 'right' },
            { key: 'amount', dataIndex: 'amount', title: amountTitle ?? t('share.amount'), align: 'right', render: (value: string) => moneyText(value) },
            { key: 'share', dataIndex: 'share', title: t('share.percent'), align: 'right' },
          ]}
        />
      </Col>
    </Row>
  );
}
