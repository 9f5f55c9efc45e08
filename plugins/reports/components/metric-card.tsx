import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Card, Skeleton, Space, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeOf } from './report-format';

export interface MetricCardProps {
  title: ReactNode;
  /** The figure as shown: money text ('1234.50') or a count ('12'). */
  value: string | undefined;
  /** The reference figure (前日, 上月同期 …) for 环比; omitted: no 环比 line. */
  previous?: string;
  /** Names the reference, e.g. 前日; shown with its value under the figure. */
  previousLabel?: ReactNode;
  /** How the figure is computed (docs/reference/business-domains.md §6): shown in a tooltip on an info icon beside the title. */
  formula?: ReactNode;
  /** Shows a skeleton instead of the figure. */
  loading?: boolean;
  /** Prefix of the figure (e.g. ¥). */
  prefix?: ReactNode;
  'data-testid'?: string;
}

/**
 * One report figure with its formula tooltip and, when `previous` is given, 环比: ↑/↓ and the percentage
 * change against the reference ('—' when the reference is 0). The figure's text is `data-testid`-value.
 */
export function MetricCard({ title, value, previous, previousLabel, formula, loading = false, prefix, 'data-testid': testId }: MetricCardProps) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const change = previous === undefined ? null : changeOf(value, previous);
  const color = change === null || change.direction === 'flat' ? undefined : change.direction === 'up' ? token.colorError : token.colorSuccess;
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Space size={4}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        {formula !== undefined ? (
          <Tooltip title={formula}>
            <InfoCircleOutlined aria-label={t('formula')} style={{ color: token.colorTextTertiary }} />
          </Tooltip>
        ) : null}
      </Space>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <>
          <div style={{ fontSize: 24, lineHeight: '36px', fontWeight: 600 }} data-testid={testId === undefined ? undefined : `${testId}-value`}>
            {prefix}
            {value ?? '—'}
          </div>
          {previous !== undefined ? (
            <Space size={12} wrap>
              <Typography.Text type="secondary">
                {t('ratio')}{' '}
                <span style={{ color }} data-testid={testId === undefined ? undefined : `${testId}-ratio`}>
                  {change === null ? '—' : (
                    <>
                      {change.direction === 'up' ? <ArrowUpOutlined /> : change.direction === 'down' ? <ArrowDownOutlined /> : null} {change.percent}
                    </>
                  )}
                </span>
              </Typography.Text>
              {previousLabel !== undefined ? (
                <Typography.Text type="secondary">
                  {previousLabel} {prefix}
                  {previous}
                </Typography.Text>
              ) : null}
            </Space>
          ) : null}
        </>
      )}
    </Card>
  );
}
