import { Alert, Box, Button, Group, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconPrinter } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { QueryValue } from '../../api/request';
import { runExport, type DataTableColumn } from '../../components/DataTable';
import { notifyError, notifySuccess, notifyWarning } from '../../components/feedback';
import { SearchForm, initialValues, toQuery, type SearchField } from '../../components/SearchForm';
import { MAX_ROWS, formatSort, parseSort, type SortSpec } from '../../contract/paging';
import type { ReportAnswer, ReportDef } from '../../contract/reports';
import { reportCellText } from '../../lib/format/reportCell';
import { reportHost, reportPreviewUrl } from '../../lib/format/reportUrl';

function searchFields(def: ReportDef): SearchField[] {
  return [
    { name: 'date', label: '统计区间', input: 'daterange', defaultValue: 'latestTwoMonths' },
    { name: 'org_id', label: '城市或校区', input: 'tree', options: { kind: 'tree', url: 'api/v1/report/org_tree' }, placeholder: '我的全部校区', width: 200 },
    ...def.filters.map((f): SearchField => ({ name: f.name, label: f.label, input: 'select', options: { kind: 'static', items: f.options }, placeholder: '全部', width: 130 })),
  ];
}

function SortIcon({ sort, prop }: { sort: SortSpec | undefined; prop: string }) {
  if (sort?.prop !== prop) return <IconArrowsSort size={12} opacity={0.4} />;
  return sort.desc ? <IconArrowDown size={12} /> : <IconArrowUp size={12} />;
}

/**
 * One report of 报表中心 (src/contract/reports.ts): the period, city or campus and the report's own
 * filters; every row of the period with its totals row; sorting by any column (the server sorts);
 * 导出 through the shared export (the report call with `__export__`); 打印预览 opens the report
 * preview address (the configured report host + /ureport/preview with the non-empty filters).
 */
export function ReportPage({ def }: { def: ReportDef }) {
  const fields = useMemo(() => searchFields(def), [def]);
  // the report opens with the form's defaults (the last two months, all the caller's campuses)
  const [query, setQuery] = useState<Record<string, QueryValue>>(() => toQuery(fields, initialValues(fields)));
  const [sort, setSort] = useState<SortSpec | undefined>(() => parseSort(def.defaultSort));
  const [exporting, setExporting] = useState(false);
  const path = `api/v1/report/${def.key}`;
  const sortText = sort ? formatSort(sort) : undefined;
  const q = useQuery({
    queryKey: ['report', def.key, query, sortText],
    queryFn: () => api.get<ReportAnswer>(path, { ...query, sort: sortText, page: 1, rows: MAX_ROWS }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const columns: DataTableColumn[] = def.columns.map((c) => ({ prop: c.prop, label: c.label, width: c.width, align: c.kind === 'text' ? 'left' : 'right' }));
  const nextSort = (prop: string) => setSort((s) => (s?.prop !== prop ? { prop, desc: true } : s.desc ? { prop, desc: false } : parseSort(def.defaultSort)));

  const doExport = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const out = await runExport({ api: path, query, sort: sortText, columns, options: { name: def.title } });
      if (out.kind === 'done') notifySuccess('导出成功');
      else if (out.kind === 'error') notifyError(out.message);
      else notifyWarning(out.message);
    } finally {
      setExporting(false);
    }
  };
  const preview = () => {
    const url = reportPreviewUrl(reportHost(), { _u: def.code, ...query, sort: sortText });
    window.open(url, '_blank', 'noopener');
  };

  const data = q.data;
  const rows = data?.content ?? [];
  return (
    <Stack gap="xs">
      <SearchForm
        fields={fields}
        onSearch={setQuery}
        extra={
          <>
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={exporting} disabled={!data} onClick={() => void doExport()}>
              导出
            </Button>
            <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={preview}>
              打印预览
            </Button>
          </>
        }
      />
      <Text size="xs" c="dimmed">
        {data ? `${data.from} 至 ${data.to}（北京时间）· 共 ${data.totalSize} 行 · ` : ''}
        {def.note}
      </Text>
      {q.isError ? <Alert color="red">{errorMessage(q.error, '加载失败')}</Alert> : null}
      <Box data-testid="data-table-scroll" style={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)' }}>
        <Table striped withTableBorder withColumnBorders stickyHeader fz="xs" verticalSpacing={4} aria-rowcount={data ? rows.length : undefined} aria-busy={q.isFetching ? 'true' : 'false'} aria-label={def.title}>
          <Table.Thead>
            <Table.Tr>
              {def.columns.map((c) => (
                <Table.Th key={c.prop} style={{ minWidth: c.width ?? 90, textAlign: c.kind === 'text' ? 'left' : 'right', whiteSpace: 'nowrap' }}>
                  <UnstyledButton onClick={() => nextSort(c.prop)} fz="xs" fw={600} aria-label={`按${c.label}排序`}>
                    <Group gap={2} wrap="nowrap" justify={c.kind === 'text' ? 'flex-start' : 'flex-end'}>
                      {c.label}
                      <SortIcon sort={sort} prop={c.prop} />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.isLoading ? (
              <Table.Tr>
                <Table.Td colSpan={def.columns.length}>
                  <Group gap={6}>
                    <Loader size="xs" />
                    <Text size="xs">加载中…</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={def.columns.length}>
                  <Text size="xs" c="dimmed" ta="center">
                    所选条件下没有数据
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r, i) => (
                <Table.Tr key={i}>
                  {def.columns.map((c) => (
                    <Table.Td key={c.prop} style={{ textAlign: c.kind === 'text' ? 'left' : 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {reportCellText(c, r[c.prop])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          {data && rows.length > 0 ? (
            <Table.Tfoot data-testid="report-totals">
              <Table.Tr style={{ fontWeight: 700 }}>
                {def.columns.map((c) => (
                  <Table.Td key={c.prop} style={{ textAlign: c.kind === 'text' ? 'left' : 'right', fontVariantNumeric: 'tabular-nums' }}>
                    {reportCellText(c, data.totals[c.prop])}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Box>
    </Stack>
  );
}
