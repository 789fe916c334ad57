import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { maskFor } from '../../lib/mask';
import { whereInScope } from '../../lib/scope';
import { likeInsensitive, likePattern } from '../../db/dialect';
import type { PartTimeKpiRow } from '../../../src/contract/parttime';
import { monthRange } from './paging';
import './schema';

export interface KpiFilter {
  month: string;
  ids?: readonly number[];
  name?: string;
  school_id?: number;
  state?: number;
  /** a page; without it every matching acquirer (export, capped by the caller) */
  limit?: number;
  offset?: number;
}

const completion = (collected: number, target: number): string => (target > 0 ? `${(Math.round((collected * 1000) / target) / 10).toFixed(1)}%` : '—');

/**
 * The month's figures of the caller's acquirers: families collected (by state) and working days,
 * counted per acquirer in two grouped statements over the page's ids.
 */
export async function kpiRows(db: Kysely<Database>, principal: Principal, f: KpiFilter): Promise<{ rows: PartTimeKpiRow[]; total: number }> {
  let q = whereInScope(
    db.selectFrom('pt_part_time_user as p').leftJoin('organisations as o', 'o.id', 'p.school_id').select(['p.id', 'p.name', 'p.phone', 'p.school_id', 'o.name as school_name', 'p.state', 'p.monthly_target']).where('p.del_flag', '=', 0),
    'p.school_id',
    principal,
  );
  if (f.ids) q = q.where('p.id', 'in', f.ids.length ? [...f.ids] : [-1]);
  if (f.name) q = q.where(likeInsensitive('p.name', likePattern(f.name)));
  if (f.school_id !== undefined) q = q.where('p.school_id', '=', f.school_id);
  if (f.state !== undefined) q = q.where('p.state', '=', f.state);
  const total = Number((await q.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  let paged = q.orderBy('p.id', 'desc');
  if (f.limit !== undefined) paged = paged.limit(f.limit).offset(f.offset ?? 0);
  const users = await paged.execute();
  if (!users.length) return { rows: [], total };
  const ids = users.map((u) => u.id);
  const { first, last } = monthRange(f.month);
  const collected = await db
    .selectFrom('pt_acquirer_student')
    .select((eb) => ['part_time_user_id', 'state', eb.fn.countAll<number | string>().as('n')])
    .where('part_time_user_id', 'in', ids)
    .where('collected_at', '>=', `${first} 00:00:00`)
    .where('collected_at', '<=', `${last} 23:59:59`)
    .groupBy(['part_time_user_id', 'state'])
    .execute();
  const days = await db
    .selectFrom('pt_acquirer_attendance')
    .select((eb) => ['part_time_user_id', eb.fn.countAll<number | string>().as('n')])
    .where('part_time_user_id', 'in', ids)
    .where('work_date', '>=', first)
    .where('work_date', '<=', last)
    .groupBy('part_time_user_id')
    .execute();
  const rows = users.map((u): PartTimeKpiRow => {
    const mine = collected.filter((c) => c.part_time_user_id === u.id);
    const of = (state: number) => Number(mine.find((c) => c.state === state)?.n ?? 0);
    const all = mine.reduce((s, c) => s + Number(c.n), 0);
    return {
      id: u.id,
      name: u.name,
      phone: maskFor(principal, 'phone', u.phone) ?? '',
      school_id: u.school_id,
      school_name: u.school_name,
      state: u.state,
      month: f.month,
      monthly_target: u.monthly_target,
      collected: all,
      to_mkt: of(2),
      repeated: of(3),
      invalid: of(4),
      attendance_days: Number(days.find((d) => d.part_time_user_id === u.id)?.n ?? 0),
      completion: completion(all, u.monthly_target),
    };
  });
  return { rows, total };
}
