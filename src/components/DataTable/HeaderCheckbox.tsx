import { Checkbox } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { SelectionStore } from './selection';
import type { RowKey } from './TableBody';

/** Select all on the page; indeterminate when some are selected. */
export function HeaderCheckbox({ store, keys }: { store: SelectionStore<RowKey>; keys: readonly RowKey[] }) {
  useSyncExternalStore(store.subscribeSummary, store.getVersion);
  const count = keys.reduce<number>((n, k) => (store.isSelected(k) ? n + 1 : n), 0);
  const all = keys.length > 0 && count === keys.length;
  return (
    <Checkbox
      size="xs"
      aria-label="全选本页"
      checked={all}
      indeterminate={count > 0 && !all}
      onChange={() => store.setMany(keys, !all)}
    />
  );
}
