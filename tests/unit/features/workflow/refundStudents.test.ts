import { describe, expect, it } from 'vitest';
import { orderBlocked, refundStudents } from '../../../../src/features/workflow/refund/refundStudents';
import type { RefundOrderRow } from '../../../../src/contract/workflow-refund';

function row(student: number, paidLeft: number, openRefund: string | null = null): RefundOrderRow {
  return { order_id: student * 10 + paidLeft, order_no: `DD${student}`, student_id: student, student_name: `学员${student}`, school_id: 1, school_name: '朝阳校区', state: 2, state_text: '进行中', order_date: '2026-01-01', deal_amount: 100_000, paid_left: paidLeft, open_refund_no: openRefund };
}

describe('退费申请 wizard: the students it offers', () => {
  it('sums what each student can still refund over the orders with no refund open', () => {
    const out = refundStudents([row(1, 30_000), row(2, 0), row(1, 12_000), row(1, 50_000, 'TF001')]);
    expect(out.map((s) => [s.id, s.refundable, s.blocked])).toEqual([
      [1, 42_000, null],
      [2, 0, '无可退金额'],
    ]);
  });

  it('cannot choose a student with nothing refundable, and says why', () => {
    const out = refundStudents([row(3, 0), row(4, 80_000, 'TF002'), row(4, 0)]);
    expect(out.map((s) => s.blocked)).toEqual(['无可退金额', '退费审批中']);
    expect(out.every((s) => s.refundable === 0)).toBe(true);
  });

  it('marks an order with nothing unused or a refund open as not choosable', () => {
    expect(orderBlocked(row(5, 0))).toBe('无可退金额');
    expect(orderBlocked(row(5, 100, 'TF003'))).toBe('退费中 TF003');
    expect(orderBlocked(row(5, 100))).toBeNull();
  });
});
