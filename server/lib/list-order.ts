import { parseSort } from '../../src/contract/paging';
import { ApiError } from './http';

export type ListOrder = [ref: string, dir: 'asc' | 'desc'][];

/**
 * The order of a hand-written list: the asked `sort` (`prop` or `prop desc`) when `prop` is one of
 * the list's `columns` (prop → column reference), followed by the list's usual order for ties; with
 * no sort, the usual order. Any other prop is refused with 400, exactly as declared lists refuse it,
 * so a client never takes a silently ignored sort for a real one.
 */
export function listOrder(sort: string | undefined, columns: Readonly<Record<string, string>>, usual: ListOrder): ListOrder {
  const spec = parseSort(sort);
  if (!spec) return usual;
  const ref = Object.hasOwn(columns, spec.prop) ? columns[spec.prop] : undefined;
  if (ref === undefined) throw new ApiError(400, `不支持按 ${spec.prop.slice(0, 64)} 排序`);
  return [[ref, spec.desc ? 'desc' : 'asc'], ...usual.filter(([r]) => r !== ref)];
}
