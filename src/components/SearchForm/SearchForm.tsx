import { Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { QueryValue } from '../../api/request';
import { searchBlockReason } from '../DataTable/searchRules';
import { notifyWarning } from '../feedback';
import { initialValues, toQuery, type SearchField, type SearchValue, type SearchValues } from './fields';
import { SearchInput } from './SearchInput';

export interface SearchFormProps {
  fields: readonly SearchField[];
  onSearch: (query: Record<string, QueryValue>) => void;
  /** after the form is cleared (defaults restored) and searched again */
  onReset?: () => void;
  /** more buttons after 搜索 and 重置 */
  extra?: ReactNode;
  /** why a search may not be sent (a declaration's exclusive filters), shown instead of searching */
  blockReason?: (query: Record<string, QueryValue>) => string | undefined;
}

/** A phone: a long form would push the table below the first screen. */
const PHONE_QUERY = '(max-width: 575.98px)';
/** The fields a folded form shows (besides those holding a value other than their default). */
const FOLDED_FIELDS = 2;

const sameValue = (a: SearchValue | undefined, b: SearchValue | undefined): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The search form above a table: Enter or 搜索 searches, 重置 restores the defaults and searches.
 * On a phone a form of more than three fields is folded to its first two and any other in use,
 * with 更多条件 to unfold it.
 */
export function SearchForm({ fields, onSearch, onReset, extra, blockReason }: SearchFormProps) {
  const phone = useMediaQuery(PHONE_QUERY, false) ?? false;
  const [unfolded, setUnfolded] = useState(false);
  const [state, setValues] = useState<SearchValues>(() => initialValues(fields));
  // a field that appears later (the 校区 filter once the user's campuses are known) starts at its default
  const values = fields.every((f) => f.name in state) ? state : { ...initialValues(fields), ...state };
  const set = (name: string, v: SearchValue) => setValues((s) => ({ ...s, [name]: v }));

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const query = toQuery(fields, values);
    const blocked = searchBlockReason(query) ?? blockReason?.(query);
    if (blocked) {
      notifyWarning(blocked);
      return;
    }
    onSearch(query);
  };
  const reset = () => {
    const fresh = initialValues(fields);
    setValues(fresh);
    onReset?.();
    onSearch(toQuery(fields, fresh));
  };

  const foldable = phone && fields.length > FOLDED_FIELDS + 1;
  const defaults = foldable && !unfolded ? initialValues(fields) : undefined;
  const shown = defaults ? fields.filter((f, i) => i < FOLDED_FIELDS || !sameValue(values[f.name], defaults[f.name])) : fields;
  const folded = fields.length - shown.length;

  return (
    <form onSubmit={submit} role="search" aria-label="搜索条件">
      <Group gap={8} align="flex-end" wrap="wrap">
        {shown.map((f) => (
          <SearchInput key={f.name} field={f} value={values[f.name]} onChange={(v) => set(f.name, v)} />
        ))}
        <Group gap={6}>
          <Button type="submit" size="xs" leftSection={<IconSearch size={14} />}>
            搜索
          </Button>
          <Button type="button" size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={reset}>
            重置
          </Button>
          {foldable && (
            <Button
              type="button"
              size="xs"
              variant="subtle"
              rightSection={unfolded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              onClick={() => setUnfolded((u) => !u)}
              aria-expanded={unfolded}
            >
              {unfolded ? '收起条件' : `更多条件（${folded}）`}
            </Button>
          )}
          {extra}
        </Group>
      </Group>
    </form>
  );
}
