// oxlint-disable-next-line import/no-unassigned-import -- stylesheets load for their effect
import '@mantine/core/styles.css';
// oxlint-disable-next-line import/no-unassigned-import -- stylesheets load for their effect
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { DataTable, type DataTableColumn, type RowAction } from '../../../src/components/DataTable';
import { formatDateTime, formatRound } from '../../../src/lib/format';

/**
 * The table bench page: DataTable with 10,000 rows (the export cap) answered as one plain array by a
 * stubbed fetch, so the figures are the table's own, not the network's.
 */
const ROWS = 10_000;
const schools = ['北京朝阳校区', '北京海淀校区', '上海徐汇校区', '广州天河校区'];
const names = ['王小明', '李思远', '张一诺', '刘子涵', '陈雨桐', '杨浩然'];
const data = Array.from({ length: ROWS }, (_, i) => ({
  id: i + 1,
  name: `${names[i % names.length]}${i + 1}`,
  phone: `138${String(10000000 + i).slice(-8)}`,
  school: schools[i % schools.length],
  course: `少儿英语 L${(i % 9) + 1}`,
  amount: 1000 + (i % 97) * 13.5,
  state: i % 3,
  created_at: 1714521600000 + i * 60000,
  remark: i % 5 === 0 ? '续费意向强' : '',
}));

const realFetch = window.fetch.bind(window);
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.includes('/api/v1/bench/page')) return new Response(JSON.stringify({ code: 200, msg: '成功', data }), { headers: { 'Content-Type': 'application/json' } });
  if (url.includes('/api/v1/')) return new Response(JSON.stringify({ code: 200, msg: '成功', data: { content: [], totalSize: 0 } }), { headers: { 'Content-Type': 'application/json' } });
  return realFetch(input, init);
};

type Row = (typeof data)[number];
const STATES = ['待跟进', '已到访', '已签约'];
const columns: DataTableColumn<Row>[] = [
  { prop: 'id', label: '编号', width: 70, fixed: 'left' },
  { prop: 'name', label: '学员姓名', minWidth: 110, sortable: true },
  { prop: 'phone', label: '联系电话', minWidth: 120 },
  { prop: 'school', label: '校区', minWidth: 120 },
  { prop: 'course', label: '课程', minWidth: 110 },
  { prop: 'amount', label: '金额', align: 'right', formatter: (_r, v) => formatRound(v) },
  { prop: 'state', label: '状态', formatter: (_r, v) => STATES[Number(v)] ?? '' },
  { prop: 'created_at', label: '创建时间', minWidth: 150, formatter: (_r, v) => formatDateTime(v as number) },
  { prop: 'remark', label: '备注', minWidth: 120 },
];
const actions: RowAction<Row>[] = [
  { key: 'edit', label: '编辑', onClick: () => undefined },
  { key: 'delete', label: '删除', color: 'red', visible: (r) => r.state !== 2, onClick: () => undefined },
];

declare global {
  interface Window {
    benchMountAt: number;
    benchFirstRowsAt?: number;
  }
}

window.benchMountAt = performance.now();
const observer = new MutationObserver(() => {
  if (window.benchFirstRowsAt || !document.querySelector('tbody tr[data-row-key]')) return;
  observer.disconnect();
  // the rows are in the DOM; the frame after the next animation frame has painted them
  requestAnimationFrame(() => setTimeout(() => (window.benchFirstRowsAt = performance.now()), 0));
});
observer.observe(document.body, { childList: true, subtree: true });

const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
createRoot(document.getElementById('root') as HTMLElement).render(
  <MantineProvider>
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <Notifications />
        <div style={{ padding: 12 }}>
          <DataTable<Row> api="api/v1/bench/page" columns={columns} selectable actions={actions} hasPermission={() => true} />
        </div>
      </ModalsProvider>
    </QueryClientProvider>
  </MantineProvider>,
);
