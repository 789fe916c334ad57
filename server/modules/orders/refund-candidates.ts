import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { whereInScope } from '../../lib/scope';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import { stateText } from './order-rules';
import { lineBalances } from './balances';
import './schema';
import type { RefundOrderRow } from '../../../src/contract/workflow-refund';

type Db = Kysely<Database>;

/** Orders a refund may be filed on (the same states fileRefund accepts). */
const REFUNDABLE: number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress, ORDER_STATE.completed];
/** 退费单 states that block another refund of the order (draft, approving, approved). */
const LIVE_REFUND: number[] = [1, 2, 3];

/** What the workflow's 退费申请 shows of an order (its contract's row). */
export type RefundOrderCandidate = RefundOrderRow;

/**
 * The orders of the caller's campuses a refund could be filed on, for the workflow's 退费申请
 * screens: of one student, or of the students whose name or phone matches a keyword. At most 50.
 */
export async function refundCandidates(db: Db, principal: Principal, filter: { studentId?: number; keyword?: string }): Promise<RefundOrderCandidate[]> {
  let qb = whereInScope(
    db
      .selectFrom('order_form as f')
      .innerJoin('student as s', 's.id', 'f.student_id')
      .leftJoin('organisations as o', 'o.id', 'f.school_id')
      .select(['f.id', 'f.order_no', 'f.student_id', 's.name as student_name', 'f.school_id', 'o.name as school_name', 'f.state', 'f.order_date', 'f.deal_amount'])
      .where('f.del_flag', '=', 0)
      .where('s.del_flag', '=', 0)
      .where('f.state', 'in', REFUNDABLE),
    'f.school_id',
    principal,
  );
  if (filter.studentId !== undefined) qb = qb.where('f.student_id', '=', filter.studentId);
  const kw = filter.keyword?.trim();
  if (kw) qb = /^1\d{10}$/.test(kw) ? qb.where((eb) => eb.or([eb('s.phone', '=', kw), eb('s.parent_phone', '=', kw)])) : qb.where('s.name', 'like', `%${kw.replace(/[%_\\]/g, '')}%`);
  const rows = await qb.orderBy('f.id', 'desc').limit(50).execute();
  const out: RefundOrderCandidate[] = [];
  for (const r of rows) {
    const balances = (await lineBalances(db, r.student_id)).filter((b) => b.order_id === r.id);
    const open = await db.selectFrom('order_refund').select('refund_no').where('order_id', '=', r.id).where('state', 'in', LIVE_REFUND).executeTakeFirst();
    out.push({
      order_id: r.id,
      order_no: r.order_no ?? null,
      student_id: r.student_id,
      student_name: r.student_name,
      school_id: r.school_id,
      school_name: r.school_name ?? null,
      state: Number(r.state),
      state_text: stateText(Number(r.state)),
      order_date: r.order_date ?? null,
      deal_amount: Number(r.deal_amount ?? 0),
      paid_left: balances.reduce((s, b) => s + b.paid_left, 0),
      open_refund_no: open ? (open.refund_no ?? '待编号') : null,
    });
  }
  return out;
}

/** Head office's refund reasons (退费原因), in their order. */
export async function refundReasons(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('order_refund_detail_reason').select(['id', 'name']).where('del_flag', '=', 0).orderBy('order_num').orderBy('id').execute();
}
