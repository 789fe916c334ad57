import { z } from 'zod';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import { pageQuerySchema } from '../../../../src/contract/paging';
import { ApiError } from '../../../lib/http';

export const TYPE_OPS = ['=', '>=', '<=', '>', '<', '!='] as const;
export type TypeOp = (typeof TYPE_OPS)[number];

export const typeOpSchema = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .refine((s) => s === undefined || (TYPE_OPS as readonly string[]).includes(s), `类型比较符只能是 ${TYPE_OPS.join(' ')}`)
  .optional();

export const optInt = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).optional(),
  );

export const optText = (label: string, max = 64) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional();

export const pageParams = pageQuerySchema;

/** `ids` given as [1,2], "1,2" or a number. */
export const idArraySchema = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'number') return [v];
      if (typeof v === 'string') return v.split(',').filter((x) => x.trim() !== '');
      if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' && 'id' in x ? (x as { id: unknown }).id : x));
      return v;
    },
    z.array(z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`${label}必须是正整数`), { error: `${label}格式不正确` }).max(10000, `${label}过多`),
  );

export function compare(ref: string, op: TypeOp, value: number): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(ref)} ${sql.raw(op === '!=' ? '<>' : op)} ${value}`;
}

/** Node and descendants by the `|1|5|` ancestry column. */
export function subtreeOf(idRef: string, inheritanceRef: string, id: number): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(idRef)} = ${id} or ${sql.ref(inheritanceRef)} like ${`%|${id}|%`})`;
}

/**
 * After node `id` moved from ancestry `from` to `to`, its descendants' ancestry follows: the old
 * prefix is replaced in one statement (the subtree can be large, e.g. a city's schools and departments).
 */
export async function moveDescendants(db: Kysely<Database>, table: 'menus' | 'organisations', id: number, from: string, to: string): Promise<void> {
  const oldPrefix = `${from}${id}|`;
  const newPrefix = `${to}${id}|`;
  await sql`update ${sql.table(table)} set inheritance = cast(${newPrefix} as text) || substr(inheritance, ${oldPrefix.length + 1}) where inheritance like ${`${oldPrefix}%`}`.execute(db);
}

export function orderOf(sort: string | undefined, allowed: readonly string[], fallback: [string, 'asc' | 'desc'][]): [string, 'asc' | 'desc'][] {
  if (!sort) return fallback;
  const [prop, dir] = sort.split(/\s+/);
  if (!allowed.includes(prop)) throw new ApiError(400, `不支持按 ${prop} 排序`);
  return [[prop, dir === 'desc' ? 'desc' : 'asc'], ['id', 'asc']];
}
