import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { QueryValue } from '../../api/request';
import { DataTable, type DataTableColumn, type TableRow } from '../../components/DataTable';
import { SearchForm, type SearchField } from '../../components/SearchForm';
import { oldRecommendPageCall } from '../../contract/orders-extras';

const SEARCH: SearchField[] = [
  { name: 'name', label: '学员/推荐人', input: 'text' },
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
];
const COLUMNS: DataTableColumn<TableRow>[] = [
  { prop: 'student_name', label: '被推荐学员', minWidth: 100 },
  { prop: 'referrer_name', label: '推荐人（老学员）', minWidth: 120 },
  { prop: 'school_name', label: '校区', minWidth: 120 },
  { prop: 'created_at', label: '录入时间', minWidth: 150, sortable: true },
  { prop: 'signed_orders', label: '已签约订单', minWidth: 90, align: 'right' },
  { prop: 'gifts_pending', label: '推荐赠品待发放', minWidth: 110, align: 'right' },
  { prop: 'gifts_given', label: '推荐赠品已发放', minWidth: 110, align: 'right' },
  { prop: 'gifts_returned', label: '推荐赠品已退回', minWidth: 110, align: 'right' },
];

/** 老学员推荐: the students existing students brought, whether they signed, and the recommenders' gifts. */
export default function OldRecommendScreen() {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        老学员推荐来的学员：签约审核通过后，可在订单详情中为推荐人添加推荐赠品。
      </Text>
      <SearchForm
        fields={SEARCH}
        onSearch={(q) => {
          setQuery(q);
          setSeq((n) => n + 1);
        }}
      />
      <DataTable api={oldRecommendPageCall.path} columns={COLUMNS} query={query} searchSeq={seq} rowKey="student_id" tableKey="orders_old_recommend" />
    </Stack>
  );
}
