import type { Hono } from 'hono';
import { initialGenerationCall, receiptAddCall, receiptCancelCall, receiptDetailCall, type ReceiptRow } from '../../../src/contract/finance-accounts';
import { receiptResource } from '../../../src/contract/resources/finance-accounts';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { mountResource } from '../../lib/resource-routes';
import { inScope } from '../../lib/scope';
import { todayText } from '../../lib/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { accountStudent } from './accounts';
import { accountFlow, accountKey } from './ledgers';
import { cancelReceipt, issueReceipt, linkReceiptFlow, receiptById, receiptDetail } from './receipts';

async function receiptInScope(db: Kysely<Database>, principal: Principal, id: number): Promise<ReceiptRow> {
  const receipt = await receiptById(db, id);
  if (!receipt || !inScope(principal, receipt.school_id)) throw new ApiError(404, '收据不存在或无权访问');
  return receipt;
}

/** Receipts: the declared list (page/get), a manual receipt, cancellation, the printable detail, historical receipts. */
export function registerReceiptRoutes(app: Hono<AppEnv>): void {
  mountResource(app, receiptResource);

  // a receipt for money taken outside the system's own flows (the account moves only through its calls)
  mountCall(app, receiptAddCall, async ({ db, principal, body }) => {
    const student = await accountStudent(db, principal, body.student_id);
    return issueReceipt(db, { schoolId: student.school_id, studentId: student.id, amountFen: body.amount, kind: body.kind as 1 | 2 | 3 | 4, payMethod: body.pay_method, refType: 'manual', by: principal.userId, payer: body.payer, remark: body.remark });
  });

  mountCall(app, receiptCancelCall, async ({ db, principal, body }) => {
    const receipt = await receiptInScope(db, principal, body.id);
    return cancelReceipt(db, receipt, body.reason, principal.userId);
  });

  mountCall(app, receiptDetailCall, async ({ db, principal, query }) => receiptDetail(db, await receiptInScope(db, principal, query.id)));

  // receipts of the old system, dated in the past; `to_account` also opens the account with the amount
  mountCall(app, initialGenerationCall, async ({ db, principal, body }) => {
    const today = todayText();
    const numbers: string[] = [];
    for (const [i, item] of body.list.entries()) {
      if (item.biz_date > today) throw new ApiError(400, `第 ${i + 1} 条：业务日期不能晚于今天`);
      const student = await accountStudent(db, principal, item.student_id, `第 ${i + 1} 条的学员`);
      const receipt = await issueReceipt(db, { schoolId: student.school_id, studentId: student.id, amountFen: item.amount, kind: item.kind as 1 | 2 | 3 | 4, payMethod: item.pay_method, refType: 'initial', by: principal.userId, payer: item.payer, remark: item.remark ?? '期初收据', bizDate: item.biz_date });
      if (item.to_account) {
        if (receipt.amount < 0) throw new ApiError(400, `第 ${i + 1} 条：退费收据不能计入期初余额`);
        const flow = await accountFlow.post(db, accountKey(student.id), receipt.amount, { bizType: 'opening', refType: 'receipt', refId: receipt.receipt_no, reason: '期初余额', by: principal.userId });
        await linkReceiptFlow(db, receipt.id, flow.id);
      }
      numbers.push(receipt.receipt_no);
    }
    return { count: numbers.length, receipts: numbers };
  });
}
