import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../lib/http';
import type { Principal } from '../../../lib/context';
import { whereInScope } from '../../../lib/scope';
import { FLOW_KINDS, type FlowKind } from '../../../../src/contract/resources/finance-flows';
import './schema';

/**
 * The flow table of a channel. The five tables have one declared shape (FlowTable), so each is
 * typed as the first one's name for Kysely.
 */
export function flowTable(kind: FlowKind): 'fin_yb_flowing' {
  const found = FLOW_KINDS.find((k) => k.kind === kind);
  if (!found) throw new ApiError(400, '渠道不存在');
  return found.name as 'fin_yb_flowing';
}

export function channelName(kind: string): string {
  return FLOW_KINDS.find((k) => k.kind === kind)?.channel ?? kind;
}

/** The day (YYYY-MM-DD) of a datetime text. */
export function dayOf(datetime: string): string {
  return String(datetime).slice(0, 10);
}

/**
 * A closed reconciliation day is frozen: nothing that belongs to it (its campus's flows of that
 * day, its reconciliation records) changes until it is reopened, which is recorded.
 */
export async function assertDayOpen(db: Kysely<Database>, schoolId: number, day: string): Promise<void> {
  const closed = await db
    .selectFrom('fin_reconciliations')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('recon_date', '=', day)
    .where('state', '=', 1)
    .executeTakeFirst();
  if (closed) throw new ApiError(409, `${day} 已关账，不能修改，请先重新打开该对账日`);
}

/** The closed days among these campus-days (one query for an import or a batch). */
export async function closedDays(db: Kysely<Database>, schoolId: number, days: readonly string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await db
    .selectFrom('fin_reconciliations')
    .select('recon_date')
    .where('school_id', '=', schoolId)
    .where('recon_date', 'in', [...new Set(days)])
    .where('state', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.recon_date));
}

/**
 * The student a finance row names, in the caller's campuses (another campus's answers as missing,
 * naming the field): its name is copied onto the row, as finance does not read the student lists.
 */
export async function studentOf(db: Kysely<Database>, principal: Principal, studentId: number): Promise<{ id: number; school_id: number; name: string }> {
  const row = await whereInScope(db.selectFrom('student').select(['id', 'school_id', 'name']).where('id', '=', studentId).where('del_flag', '=', 0), 'school_id', principal).executeTakeFirst();
  if (!row) throw new ApiError(404, '学员不存在或无权访问');
  return { id: row.id, school_id: Number(row.school_id), name: row.name };
}

/** For a declared write naming `student_id`: the student must be of the row's campus; copies the name. */
export async function fillStudent(db: Kysely<Database>, principal: Principal, row: Record<string, unknown>, existing?: Readonly<Record<string, unknown>>): Promise<void> {
  if (row.student_id === undefined) return;
  if (row.student_id === null) {
    row.student_name = null;
    return;
  }
  const student = await studentOf(db, principal, Number(row.student_id));
  const schoolId = Number(row.school_id ?? existing?.school_id ?? student.school_id);
  if (student.school_id !== schoolId) throw new ApiError(400, '学员不属于所选校区');
  row.school_id = schoolId;
  row.student_name = student.name;
}
