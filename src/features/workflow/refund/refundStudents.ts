import type { RefundOrderRow } from '../../../contract/workflow-refund';

/** A student the 退费申请 wizard offers: what can still be refunded and, when nothing, why. */
export interface RefundStudent {
  id: number;
  name: string;
  school: string;
  /** Σ unused paid money (fen) of the orders with no refund open */
  refundable: number;
  /** why the student cannot be chosen (null: can be) */
  blocked: string | null;
}

/** Why an order cannot be refunded now (null: it can). */
export function orderBlocked(o: Pick<RefundOrderRow, 'paid_left' | 'open_refund_no'>): string | null {
  if (o.open_refund_no) return `退费中 ${o.open_refund_no}`;
  if (o.paid_left <= 0) return '无可退金额';
  return null;
}

/**
 * The students of the candidate orders, in the order they came, each with what can be refunded: a
 * student whose orders hold no unused paid money, or whose only refundable orders are already
 * being refunded, is shown but cannot be chosen.
 */
export function refundStudents(rows: readonly RefundOrderRow[]): RefundStudent[] {
  const byId = new Map<number, RefundStudent & { open: boolean }>();
  for (const r of rows) {
    let s = byId.get(r.student_id);
    if (!s) {
      s = { id: r.student_id, name: r.student_name ?? '', school: r.school_name ?? '', refundable: 0, blocked: null, open: false };
      byId.set(r.student_id, s);
    }
    if (r.open_refund_no) s.open = true;
    else if (r.paid_left > 0) s.refundable += r.paid_left;
  }
  return [...byId.values()].map(({ open, ...s }) => ({ ...s, blocked: s.refundable > 0 ? null : open ? '退费审批中' : '无可退金额' }));
}
