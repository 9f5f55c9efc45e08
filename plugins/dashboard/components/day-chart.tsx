import { Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface DaySeries {
  key: string;
  name: string;
  type: 'bar' | 'line';
  /** The left axis (default) or the right one. */
  axis?: 'left' | 'right';
}

export interface DayChartProps {
  /** One point per day; values are numbers or decimal texts. */
  data: ReadonlyArray<Record<string, string | number>>;
  xKey: string;
  series: readonly DaySeries[];
  height?: number;
  'data-testid'?: string;
}

/**
 * Bars and lines over days (recharts, loaded only by the pages that chart), following the light/dark theme
 * through antd's tokens and resizing with the layout; an antd Empty when there is no point or all are zero.
 */
export default function DayChart({ data, xKey, series, height = 280, 'data-testid': testId }: DayChartProps) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.colorInfo];
  const points = data.map((point) => ({ ...Object.fromEntries(series.map((one) => [one.key, Number(point[one.key] ?? 0)])), [xKey]: String(point[xKey] ?? '') }));
  if (points.every((point) => series.every((one) => point[one.key] === 0))) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid={testId} />;
  const axis = { fill: token.colorTextSecondary, fontSize: 12 };
  const right = series.some((one) => one.axis === 'right');
  return (
    <div data-testid={testId} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis dataKey={xKey} minTickGap={16} tick={axis} stroke={token.colorBorder} />
          <YAxis yAxisId="left" width={64} tick={axis} stroke={token.colorBorder} />
          {right ? <YAxis yAxisId="right" orientation="right" width={48} tick={axis} stroke={token.colorBorder} allowDecimals={false} /> : null}
          <Tooltip
            contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorderSecondary, color: token.colorText }}
            labelStyle={{ color: token.colorText }}
            cursor={{ fill: token.colorFillTertiary, stroke: token.colorBorder }}
          />
          <Legend wrapperStyle={{ color: token.colorText }} />
          {series.map((one, index) =>
            one.type === 'bar' ? (
              <Bar key={one.key} yAxisId={one.axis ?? 'left'} dataKey={one.key} name={one.name} fill={palette[index % palette.length]} isAnimationActive={false} />
            ) : (
              <Line key={one.key} yAxisId={one.axis ?? 'left'} type="monotone" dataKey={one.key} name={one.name} stroke={palette[index % palette.length]} dot={false} isAnimationActive={false} />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
