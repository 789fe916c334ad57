import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** New leads per day (市场看板). Only reached through a lazy import: it pulls in the chart library. */
export default function LeadsChart({ days }: { days: readonly { day: string; count: number }[] }) {
  const data = days.map((d) => ({ day: d.day.slice(5), 新增资源: d.count }));
  return <BarChart h={160} data={data} dataKey="day" series={[{ name: '新增资源', color: 'blue.6' }]} tickLine="none" gridAxis="y" withTooltip />;
}
