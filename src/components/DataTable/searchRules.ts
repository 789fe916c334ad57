import type { TableQuery } from './types';

export const HALT_TERMINATE_MSG = '订单中止时间和订单完成时间不能联查';

function filled(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.some((x) => x !== null && x !== undefined && x !== '');
  return true;
}

/** Why a search may not run (spec doc 001 §5), or undefined when it may. */
export function searchBlockReason(query: TableQuery): string | undefined {
  const halt = Object.keys(query).some((k) => k.startsWith('halt_order_time') && filled(query[k]));
  const terminate = Object.keys(query).some((k) => k.startsWith('terminate_order_time') && filled(query[k]));
  return halt && terminate ? HALT_TERMINATE_MSG : undefined;
}

export function isFilled(v: unknown): boolean {
  return filled(v);
}
