import type { FieldDef, ResourceDef } from './resource';

/**
 * Search rules a declaration states once, read by the server (the page call) and the app (the
 * search form): date defaults and filters that may not be combined.
 */

/** The spec's date-range defaults of a search form (doc 000 §9), computed in Asia/Shanghai. */
export type DateRangePreset = 'currentMonth' | 'monthSoFar' | 'latestTwoMonths' | 'yesterday' | 'today';

export const DATE_RANGE_PRESETS: readonly DateRangePreset[] = ['currentMonth', 'monthSoFar', 'latestTwoMonths', 'yesterday', 'today'];

/**
 * A search field's value when the list screen opens and on 重置: a range preset on a date or
 * datetime `range` search, `today`/`yesterday` on a single date search, `now` on a single datetime
 * search.
 */
export type SearchDateDefault = DateRangePreset | 'now';

/** Why a field's declared `searchDefault` cannot apply (a declaration error), or undefined. */
export function searchDefaultProblem(name: string, field: FieldDef): string | undefined {
  const d = field.searchDefault;
  if (d === undefined) return undefined;
  if (!field.search) return `${name}: searchDefault 需要 search`;
  if (field.type !== 'date' && field.type !== 'datetime') return `${name}: searchDefault 只用于日期字段`;
  if (field.search === 'range') return d === 'now' ? `${name}: 日期范围的默认值不能是 now` : undefined;
  if (field.type === 'date') return d === 'today' || d === 'yesterday' ? undefined : `${name}: 单个日期的默认值只能是 today 或 yesterday`;
  return d === 'now' ? undefined : `${name}: 单个时间的默认值只能是 now`;
}

/** Whether a search of the page call names this field (a range by either end). */
function filled(def: ResourceDef, name: string, query: Readonly<Record<string, unknown>>): boolean {
  const has = (k: string) => {
    const v = query[k];
    return v !== undefined && v !== null && String(v).trim() !== '';
  };
  return def.fields[name]?.search === 'range' ? has(`${name}_start`) || has(`${name}_end`) : has(name);
}

/** The refusal of a search combining filters declared exclusive (`订单中止时间和订单完成时间不能联查`). */
export function exclusiveMessage(labels: readonly string[]): string {
  return `${labels.join('和')}不能联查`;
}

/** Why this search may not run (two filters of one `exclusive` group filled), or undefined. */
export function exclusiveConflict(def: ResourceDef, query: Readonly<Record<string, unknown>>): string | undefined {
  for (const group of def.exclusive ?? []) {
    const used = group.filter((name) => filled(def, name, query));
    if (used.length > 1) return exclusiveMessage(used.map((name) => def.fields[name]?.label ?? name));
  }
  return undefined;
}

/** Why a declaration's `exclusive` groups cannot apply (a declaration error), or undefined. */
export function exclusiveProblem(def: ResourceDef): string | undefined {
  for (const group of def.exclusive ?? []) {
    if (group.length < 2) return `${def.name}: exclusive 每组至少两个字段`;
    const wrong = group.find((name) => !def.fields[name]?.search);
    if (wrong) return `${def.name}: exclusive 的 ${wrong} 不是搜索字段`;
  }
  return undefined;
}
