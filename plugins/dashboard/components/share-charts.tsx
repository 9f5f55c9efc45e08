import { Col, Empty, Row, Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface LabelledShare {
  key: string;
  label: string;
  count: number;
}

/** The share of `count` in `total` as '12.50%' (exact to two decimals, from integers). */
export function shareText(count: number, total: number): string {
  if (total === 0) return '0.00%';
  return `${(Math.round((count * 10_000) / total) / 100).toFixed(2)}%`;
}

function usePalette(): string[] {
  const { token } = theme.useToken();
  return [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorInfo, token.colorError, '#722ed1', '#13c2c2', '#eb2f96', '#a0d911', '#2f54eb'];
}

/** A pie of shares beside its table (name, members, share); Empty without members. Follows the theme, resizes. */
export function SharePie({ rows, height = 220, testId }: { rows: readonly LabelledShare[]; height?: number; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const palette = usePalette();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid={testId} />;
  return (
    <Row gutter={[16, 16]} align="middle" data-testid={testId}>
      <Col xs={24} md={10}>
        <div style={{ width: '100%', height }}>
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie data={rows.map((row) => ({ name: row.label, value: row.count }))} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" isAnimationActive={false} stroke={token.colorBgContainer}>
                {rows.map((row, index) => (
                  <Cell key={row.key} fill={palette[index % palette.length]} />
                ))}
              </Pie>
              <Tooltip contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorderSecondary, color: token.colorText }} itemStyle={{ color: token.colorText }} />
            </PieChart>
          </ResponsiveContainer>
        </div>
      </Col>
      <Col xs={24} md={14}>
        <ShareTable rows={rows} />
      </Col>
    </Row>
  );
}

export function ShareTable({ rows }: { rows: readonly LabelledShare[] }) {
  const { t } = useTranslation('dashboard');
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows.map((row) => ({ ...row, share: shareText(row.count, total) }))}
      columns={[
        { key: 'label', dataIndex: 'label', title: t('chart.name') },
        { key: 'count', dataIndex: 'count', title: t('chart.members'), align: 'right' },
        { key: 'share', dataIndex: 'share', title: t('chart.share'), align: 'right' },
      ]}
    />
  );
}

/** Horizontal bars, largest first (the provinces' ranking, the funnel's steps); Empty when all are zero. */
export function RankBars({ rows, name, height, testId }: { rows: readonly LabelledShare[]; name: string; height?: number; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const palette = usePalette();
  if (rows.every((row) => row.count === 0)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid={testId} />;
  const axis = { fill: token.colorTextSecondary, fontSize: 12 };
  return (
    <div style={{ width: '100%', height: height ?? Math.max(160, rows.length * 32 + 40) }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart layout="vertical" data={rows.map((row) => ({ label: row.label, value: row.count }))} margin={{ top: 8, right: 24, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={axis} stroke={token.colorBorder} />
          <YAxis type="category" dataKey="label" width={110} tick={axis} stroke={token.colorBorder} />
          <Tooltip
            contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorderSecondary, color: token.colorText }}
            labelStyle={{ color: token.colorText }}
            cursor={{ fill: token.colorFillTertiary }}
          />
          <Bar dataKey="value" name={name} isAnimationActive={false}>
            {rows.map((row, index) => (
              <Cell key={row.key} fill={palette[index % palette.length]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
