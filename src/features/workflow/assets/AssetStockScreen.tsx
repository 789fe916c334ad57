import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { QueryValue } from '../../../api/request';
import { DataTable, type DataTableColumn, type TableRow } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { assetStockPageCall, type AssetStockRow } from '../../../contract/workflow-assets';

type Row = AssetStockRow & TableRow;

const SEARCH: SearchField[] = [{ name: 'item', label: '物品名称', input: 'text', placeholder: '物品名称' }];

const COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'school_name', label: '校区', width: 140 },
  { prop: 'item', label: '物品名称', minWidth: 200, sortable: true },
  { prop: 'quantity', label: '库存数量', width: 110, align: 'right', sortable: true },
  { prop: 'updated_at', label: '最近变动', width: 160, sortable: true },
];

/** 资产库存: what each of the caller's campuses holds, as the approved asset applications left it. */
export default function AssetStockScreen() {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [searches, setSearches] = useState(0);
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        资产入库审批通过后增加库存，资产申领、资产报废审批通过后减少库存；库存不足时最后一步审批不能通过。
      </Text>
      <SearchForm
        fields={SEARCH}
        onSearch={(q) => {
          setQuery(q);
          setSearches((n) => n + 1);
        }}
      />
      <DataTable<Row> api={assetStockPageCall.path} columns={COLUMNS} query={query} searchSeq={searches} tableKey="wf_asset_stock" exportOptions={{ name: '资产库存' }} />
    </Stack>
  );
}
