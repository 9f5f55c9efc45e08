import { Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartType } from '../cgreport-api';

export interface ReportChartProps {
  type: ChartType;
  /** One point per row: its category text and its value. */
  points: { name: string; value: number }[];
  /** The value's title (the Y column). */
  valueName: string;
  height?: number;
}

/** A report's chart (bar, line or pie) in the theme's colours, light or dark, resizing with the layout. */
export function ReportChart({ type, points, valueName, height = 300 }: ReportChartProps) {
  const { t } = useTranslation('online');
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.colorInfo, '#722ed1', '#13c2c2', '#eb2f96', '#a0d911', '#2f54eb'];
  const tooltip = { contentStyle: { background: token.colorBgElevated, borderColor: token.colorBorderSecondary, color: token.colorText }, itemStyle: { color: token.colorText } };
  const axis = { stroke: token.colorTextSecondary, tick: { fill: token.colorTextSecondary, fontSize: 12 } };
  if (points.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.empty')} />;
  return (
    <div style={{ width: '100%', height }} data-testid="cgreport-chart" role="img" aria-label={valueName}>
      <ResponsiveContainer width="100%" height="100%">
        {type === 'pie' ? (
          <PieChart>
            <Pie data={points} dataKey="value" nameKey="name" outerRadius="80%" isAnimationActive={false} stroke={token.colorBgContainer} label={{ fill: token.colorText }}>
              {points.map((point, index) => (
                <Cell key={point.name} fill={palette[index % palette.length]} />
              ))}
            </Pie>
            <Tooltip {...tooltip} />
            <Legend wrapperStyle={{ color: token.colorText }} />
          </PieChart>
        ) : type === 'line' ? (
          <LineChart data={points}>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
            <XAxis dataKey="name" {...axis} />
            <YAxis {...axis} />
            <Tooltip {...tooltip} />
            <Line type="monotone" dataKey="value" name={valueName} stroke={token.colorPrimary} isAnimationActive={false} />
          </LineChart>
        ) : (
          <BarChart data={points}>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
            <XAxis dataKey="name" {...axis} />
            <YAxis {...axis} />
            <Tooltip {...tooltip} cursor={{ fill: token.colorFillSecondary }} />
            <Bar dataKey="value" name={valueName} fill={token.colorPrimary} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
