import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface TrendLine {
  key: string;
  name: string;
  color: string;
}

export interface TrendChartProps {
  data: ReadonlyArray<Record<string, number | string>>;
  xKey: string;
  lines: readonly TrendLine[];
  unit?: string;
  height?: number;
}

/** A small line chart of the last minutes (recharts, loaded with the first monitoring chart only). */
export default function TrendChart({ data, xKey, lines, unit, height = 220 }: TrendChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={[...data]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={xKey} minTickGap={24} tick={{ fontSize: 12 }} />
        <YAxis unit={unit} width={72} tick={{ fontSize: 12 }} allowDecimals />
        <Tooltip />
        <Legend />
        {lines.map((line) => (
          <Line key={line.key} type="monotone" dataKey={line.key} name={line.name} stroke={line.color} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
