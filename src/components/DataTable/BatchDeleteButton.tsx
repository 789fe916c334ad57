import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { confirmDelete, idsOf } from '../feedback';
import type { DataTableHandle, TableRow } from './types';

/** 批量删除 of a table's selected rows: asks first, posts `[{id}]` to `url`, then `onDeleted` (usually a reload). */
export function BatchDeleteButton<Row extends TableRow>({
  url,
  table,
  onDeleted,
}: {
  url: string;
  table: RefObject<DataTableHandle<Row> | null>;
  onDeleted: () => void;
}) {
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      leftSection={<IconTrash size={14} />}
      onClick={async () => {
        if (await confirmDelete(url, idsOf(table.current?.selectedRows() ?? []), { batch: true })) onDeleted();
      }}
    >
      批量删除
    </Button>
  );
}
