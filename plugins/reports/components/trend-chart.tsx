import { Empty, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { moneyText } from '../../../src/toolkit/crud';
import { plotted } from './report-format';

export interface TrendSeries {
  /** The field of each point holding this series' value (a number or a decimal text). */
  key: string;
  /** The legend and tooltip name. */
  name: string;
  /** 'line' (default) or 'bar'. */
  type?: 'line' | 'bar';
  /** A CSS colour; default: the next colour of the theme's palette. */
  color?: string;
  /** Hidden until its legend entry is clicked. */
  hidden?: boolean;
}

export interface TrendChartProps {
  /** One point per day: `{ [xKey]: 'YYYY-MM-DD', [series.key]: value … }`. */
  data: readonly object[];
  series: readonly TrendSeries[];
  /** The day field (default 'date'). */
  xKey?: string;
  /** Money axis and tooltip (two decimals) rather than counts. */
  money?: boolean;
  height?: number;
  /** Clicking a legend entry hides/shows its series (default true). */
  toggleable?: boolean;
  'data-testid'?: string;
}

/**
 * Series over days (recharts), following the app's light/dark theme through antd's tokens, resizing with
 * the layout (ResponsiveContainer), an antd Empty when there is no point. Any number of named series,
 * lines or bars; legend entries toggle their series.
 */
export function TrendChart({ data, series, xKey = 'date', money = false, height = 300, toggleable = true, 'data-testid': testId }: TrendChartProps) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(series.filter((one) => one.hidden === true).map((one) => one.key)));
  const palette = [token.colorPrimary, token.colorSuccess, token.colorInfo, token.colorWarning, token.colorError, '#722ed1', '#13c2c2', '#eb2f96', '#a0d911'];
  const points = useMemo(
    () => data.map((raw) => {
        const point = raw as Record<string, unknown>;
        return { ...Object.fromEntries(series.map((one) => [one.key, plotted(point[one.key])])), [xKey]: String(point[xKey] ?? '') };
      }),
    [data, series, xKey],
  );
  if (data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} data-testid={testId} />;
  const format = (value: unknown) => (money ? moneyText(value) : String(value));
  const axis = { fill: token.colorTextSecondary, fontSize: 12 };
  return (
    <div data-testid={testId} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis dataKey={xKey} minTickGap={24} tick={axis} stroke={token.colorBorder} />
          <YAxis width={80} tick={axis} stroke={token.colorBorder} allowDecimals={money} />
          <Tooltip
            formatter={(value) => format(value)}
            contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorderSecondary, color: token.colorText }}
            labelStyle={{ color: token.colorText }}
            cursor={{ fill: token.colorFillTertiary, stroke: token.colorBorder }}
          />
          <Legend
            wrapperStyle={{ color: token.colorText, cursor: toggleable ? 'pointer' : undefined }}
            onClick={(entry) => {
              if (!toggleable) return;
              const key = typeof entry.dataKey === 'string' ? entry.dataKey : undefined;
              if (key === undefined) return;
              setHidden((current) => {
                const next = new Set(current);
                if (next.has(key)) next.delete(key);
                else next.add(key);
                return next;
              });
            }}
          />
          {series.map((one, index) => {
            const color = one.color ?? palette[index % palette.length];
            return one.type === 'bar' ? (
              <Bar key={one.key} dataKey={one.key} name={one.name} fill={color} hide={hidden.has(one.key)} isAnimationActive={false} />
            ) : (
              <Line key={one.key} type="monotone" dataKey={one.key} name={one.name} stroke={color} dot={false} hide={hidden.has(one.key)} isAnimationActive={false} />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
