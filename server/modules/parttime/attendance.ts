import { listOrder } from '../../lib/list-order';
import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { whereInScope } from '../../lib/scope';
import { maskFor } from '../../lib/mask';
import { runListExport } from '../../lib/export-hook';
import { EXPORT_ROW_CAP } from '../../../src/contract/paging';
import {
  PT_USER_STATES,
  acquirerAttendanceExportCall,
  acquirerAttendancePageCall,
  acquirerAttendanceUserInfoCall,
  ptUserKpiExportCall,
  ptUserKpiPageCall,
  type AcquirerAttendanceRow,
} from '../../../src/contract/parttime';
import { kpiRows } from './kpi';
import { partTimeUserInScope } from './users';
import { currentMonth, monthRange, offsetOf } from './paging';
import './schema';

interface AttendanceFilter {
  part_time_user_id?: number;
  school_id?: number;
  start_date?: string;
  end_date?: string;
  sort?: string;
}

/** Minutes between two `YYYY-MM-DD HH:mm:ss` times of one day (null while one is missing). */
function minutesBetween(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  const t = (s: string) => Date.parse(`${s.replace(' ', 'T')}Z`);
  const d = Math.round((t(b) - t(a)) / 60000);
  return Number.isFinite(d) && d >= 0 ? d : null;
}

function attendanceQuery(db: Kysely<Database>, principal: Principal, f: AttendanceFilter) {
  let q = whereInScope(
    db
      .selectFrom('pt_acquirer_attendance as a')
      .leftJoin('organisations as o', 'o.id', 'a.school_id')
      .leftJoin('pt_part_time_user as p', 'p.id', 'a.part_time_user_id')
      .select(['a.id', 'a.school_id', 'o.name as school_name', 'a.part_time_user_id', 'p.name as part_time_user_name', 'a.work_date', 'a.punch_in_at', 'a.punch_out_at', 'a.place']),
    'a.school_id',
    principal,
  );
  if (f.part_time_user_id !== undefined) q = q.where('a.part_time_user_id', '=', f.part_time_user_id);
  if (f.school_id !== undefined) q = q.where('a.school_id', '=', f.school_id);
  if (f.start_date) q = q.where('a.work_date', '>=', f.start_date);
  if (f.end_date) q = q.where('a.work_date', '<=', f.end_date);
  return q;
}

async function attendanceRows(db: Kysely<Database>, principal: Principal, f: AttendanceFilter, limit: number, offset: number): Promise<AcquirerAttendanceRow[]> {
  let sorted = attendanceQuery(db, principal, f);
  for (const [ref, dir] of listOrder(f.sort, { id: 'a.id', work_date: 'a.work_date', school_id: 'a.school_id', part_time_user_id: 'a.part_time_user_id' }, [['a.work_date', 'desc'], ['a.id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
  const rows = await sorted.limit(limit).offset(offset).execute();
  return rows.map((r) => ({ ...r, minutes: minutesBetween(r.punch_in_at, r.punch_out_at) }));
}

/** An export call needs the shared table's columns (`__columns__`): nothing is started without them. */
function exportParams(query: Record<string, unknown>): Record<string, string> {
  if (!query.__columns__) throw new ApiError(400, '请选择导出列（__columns__）');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

const stateText = (v: unknown): string => PT_USER_STATES.find((s) => s.value === v)?.text ?? '';

export function registerAttendance(app: Hono<AppEnv>): void {
  mountCall(app, acquirerAttendancePageCall, async ({ db, principal, query }) => {
    const total = await attendanceQuery(db, principal, query).clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return { content: await attendanceRows(db, principal, query, query.rows, offsetOf(query)), totalSize: Number(total.n) };
  });

  mountCall(app, acquirerAttendanceUserInfoCall, async ({ db, principal, query }) => {
    const user = await partTimeUserInScope(db, principal, query.part_time_user_id);
    const month = query.month ?? currentMonth();
    const { first, last } = monthRange(month);
    const rows = await db.selectFrom('pt_acquirer_attendance').select(['work_date', 'punch_in_at', 'punch_out_at']).where('part_time_user_id', '=', user.id).where('work_date', '>=', first).where('work_date', '<=', last).execute();
    const lastDay = await db.selectFrom('pt_acquirer_attendance').select((eb) => eb.fn.max('work_date').as('d')).where('part_time_user_id', '=', user.id).executeTakeFirst();
    const school = await db.selectFrom('organisations').select('name').where('id', '=', user.school_id).executeTakeFirst();
    const minutes = rows.map((r) => minutesBetween(r.punch_in_at, r.punch_out_at));
    return {
      id: user.id,
      name: user.name,
      phone: maskFor(principal, 'phone', user.phone) ?? '',
      school_name: school?.name ?? null,
      state: user.state,
      month,
      days: rows.length,
      full_days: minutes.filter((m) => m !== null).length,
      minutes: minutes.reduce<number>((s, m) => s + (m ?? 0), 0),
      last_work_date: lastDay?.d ?? null,
    };
  });

  mountCall(app, acquirerAttendanceExportCall, async ({ c, db, principal, query }) =>
    runListExport({
      c,
      title: '兼职考勤记录',
      params: exportParams(query),
      fetchRows: (limit) => attendanceRows(db, principal, query, Math.min(limit, EXPORT_ROW_CAP), 0) as unknown as Promise<Record<string, unknown>[]>,
    }),
  );

  mountCall(app, ptUserKpiPageCall, async ({ db, principal, query }) => {
    const { rows, total } = await kpiRows(db, principal, { ...query, month: query.month ?? currentMonth(), limit: query.rows, offset: offsetOf(query) });
    return { content: rows, totalSize: total };
  });

  mountCall(app, ptUserKpiExportCall, async ({ c, db, principal, query }) =>
    runListExport({
      c,
      title: '兼职人员业绩',
      params: exportParams(query),
      fetchRows: async (limit) => (await kpiRows(db, principal, { ...query, month: query.month ?? currentMonth(), limit: Math.min(limit, EXPORT_ROW_CAP), offset: 0 })).rows as unknown as Record<string, unknown>[],
      asShown: (row) => ({ ...row, state: stateText(row.state) }),
    }),
  );
}
