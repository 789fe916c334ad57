import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { addDays, nowText } from '../../lib/time';
import { writeLog } from './order-rules';
import './schema';

/** A recorded move of a contract line's validity (migration 1240). */
export interface LineValidityEventTable {
  id: Generated<number>;
  school_id: number;
  student_id: number;
  line_id: number;
  order_id: number | null;
  days: number;
  end_date_before: string;
  end_date_after: string;
  reason: string;
  ref_type: string;
  ref_id: number;
  operator_name: string | null;
  created_at: string;
  created_by: number | null;
}

declare module '../../db/schema' {
  interface Database {
    order_line_validity_event: LineValidityEventTable;
  }
}

type Db = Kysely<Database>;

export interface ValidityMove {
  studentId: number;
  /** Positive: the lines whose validity still runs on `from` move out by it. Negative: what `ref` moved out moves back by up to it. */
  days: number;
  /** The first day the move is for (a freeze's start): lines ending before it are left alone. */
  from: string;
  reason: string;
  /** The business record the move is for, e.g. { type: 'student_freeze', id }. */
  ref: { type: string; id: number };
  /** Only this order's lines (a contract delay), and of them only these lines when given. */
  orderId?: number;
  lineIds?: readonly number[];
  by: Pick<Principal, 'userId' | 'name'> | null;
}

export interface MovedLine {
  line_id: number;
  order_id: number | null;
  days: number;
  end_date_before: string;
  end_date_after: string;
}

/**
 * Moves the validity (end date) of a student's contract lines for another area's business (a
 * freeze moves it out by the frozen days; its rollback or early end moves it back by the unused
 * days). Every moved line gets an event row (order_line_validity_event) and every order concerned
 * an order-log entry 有效期调整 with the lines before and after. Moving back never goes further than
 * what the same record moved out. Answers the lines moved.
 */
export async function extendLinesValidity(db: Db, move: ValidityMove): Promise<MovedLine[]> {
  if (!Number.isInteger(move.days) || move.days === 0) return [];
  const plan: { line: { id: number; school_id: number; order_id: number | null; end_date: string }; days: number }[] = [];
  if (move.days > 0) {
    const lines = await db
      .selectFrom('order_contract_line')
      .select(['id', 'school_id', 'order_id', 'end_date', 'active', 'remaining_hours'])
      .where('student_id', '=', move.studentId)
      .where('end_date', 'is not', null)
      .where('end_date', '>=', move.from)
      .$if(move.orderId !== undefined, (q) => q.where('order_id', '=', move.orderId ?? 0))
      .$if(move.lineIds !== undefined, (q) => q.where('id', 'in', move.lineIds && move.lineIds.length > 0 ? [...move.lineIds] : [0]))
      .orderBy('id')
      .execute();
    // a used-up line has nothing left to keep valid
    for (const l of lines) if (l.end_date && (l.active === 0 || Number(l.remaining_hours) > 0)) plan.push({ line: { ...l, end_date: l.end_date }, days: move.days });
  } else {
    const events = await db
      .selectFrom('order_line_validity_event')
      .select(['line_id', 'days'])
      .where('ref_type', '=', move.ref.type)
      .where('ref_id', '=', move.ref.id)
      .where('student_id', '=', move.studentId)
      .execute();
    const net = new Map<number, number>();
    for (const e of events) net.set(e.line_id, (net.get(e.line_id) ?? 0) + Number(e.days));
    const ids = [...net].filter(([, d]) => d > 0).map(([id]) => id);
    if (ids.length > 0) {
      const lines = await db.selectFrom('order_contract_line').select(['id', 'school_id', 'order_id', 'end_date']).where('id', 'in', ids).orderBy('id').execute();
      for (const l of lines) if (l.end_date) plan.push({ line: { ...l, end_date: l.end_date }, days: -Math.min(-move.days, net.get(l.id) ?? 0) });
    }
  }
  if (plan.length === 0) return [];
  const now = nowText();
  const moved: MovedLine[] = [];
  for (const { line, days } of plan) {
    const after = addDays(line.end_date, days);
    await db.updateTable('order_contract_line').set({ end_date: after, updated_at: now, updated_by: move.by?.userId ?? null }).where('id', '=', line.id).execute();
    await db
      .insertInto('order_line_validity_event')
      .values({
        school_id: line.school_id,
        student_id: move.studentId,
        line_id: line.id,
        order_id: line.order_id,
        days,
        end_date_before: line.end_date,
        end_date_after: after,
        reason: move.reason.slice(0, 255),
        ref_type: move.ref.type,
        ref_id: move.ref.id,
        operator_name: move.by?.name ?? '系统',
        created_at: now,
        created_by: move.by?.userId ?? null,
      })
      .execute();
    moved.push({ line_id: line.id, order_id: line.order_id, days, end_date_before: line.end_date, end_date_after: after });
  }
  const orderIds = [...new Set(moved.flatMap((m) => (m.order_id === null ? [] : [m.order_id])))];
  if (orderIds.length > 0) {
    const orders = await db.selectFrom('order_form').select(['id', 'school_id', 'version']).where('id', 'in', orderIds).execute();
    for (const o of orders) {
      const lines = moved.filter((m) => m.order_id === o.id).map(({ line_id, days, end_date_before, end_date_after }) => ({ id: line_id, days, end_date_before, end_date_after }));
      await writeLog(db, o, move.by, 'validity', move.reason.slice(0, 500), { ref_type: move.ref.type, ref_id: move.ref.id, lines });
    }
  }
  return moved;
}
