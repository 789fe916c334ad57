import { useMemo } from 'react';
import { SCHOOL_COLUMN, type OptionSource, type ResourceDef } from '../../contract/resource';
import { optionText } from '../../lib/format/fieldText';
import type { DataTableColumn, TableRow } from '../DataTable';
import { useOptions } from '../options';
import type { SearchField } from '../SearchForm';

/** The signed-in user's campuses (the cached get_user_school answer every school select reads). */
const SCHOOLS: OptionSource = { kind: 'schools' };

export interface CampusColumn<Row extends TableRow> {
  column?: DataTableColumn<Row>;
  searchField?: SearchField;
}

/**
 * Rows of a campus-scoped list look alike across campuses (nine `101教室`): a user who reaches more
 * than one campus sees each row's 校区 and can filter by it. The names come from the user's own
 * school list, so the page call needs no join; the server filters by `school_id` already.
 */
export function useCampusColumn<Row extends TableRow>(def: ResourceDef): CampusColumn<Row> {
  const scoped = def.scope === 'school';
  const { items } = useOptions(scoped ? SCHOOLS : undefined);
  return useMemo(() => {
    if (!scoped || items.length < 2) return {};
    return {
      column: { prop: SCHOOL_COLUMN, label: '校区', minWidth: 110, formatter: (_r, v) => optionText(items, v) },
      searchField: { name: SCHOOL_COLUMN, label: '校区', input: 'select', options: SCHOOLS },
    };
  }, [scoped, items]);
}

/** Columns with the campus first, unless the screen shows it already. */
export function withCampusColumn<Row extends TableRow>(columns: DataTableColumn<Row>[], campus: CampusColumn<Row>): DataTableColumn<Row>[] {
  if (!campus.column || columns.some((c) => c.prop === SCHOOL_COLUMN)) return columns;
  return [campus.column, ...columns];
}

/** Search fields with the campus first, unless the screen searches by it already. */
export function withCampusSearch(fields: SearchField[], campus: CampusColumn<TableRow>): SearchField[] {
  if (!campus.searchField || fields.some((f) => f.name === SCHOOL_COLUMN)) return fields;
  return [campus.searchField, ...fields];
}
