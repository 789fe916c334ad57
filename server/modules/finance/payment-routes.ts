import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { qrPayCodeCall } from '../../../src/contract/finance-accounts';
import { bindingCall, bindingCardsCall, confirmBindingCall, confirmQuickPayCall, quickPayCall, rateByStudentCall, unbindingCall, type BindingCard } from '../../../src/contract/finance-payment';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { nextNumber, periodOf } from '../../lib/number-sequence';
import { inScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { accountStudent, depositToAccount } from './accounts';
import { paymentProvider } from './provider';
import { rateFor } from './service-rate';
import './schema';

type Db = Kysely<Database>;

function cardOut(row: { id: number; student_id: number; bind_no: string; bank_name: string | null; card_tail: string; holder_name: string; phone_tail: string; state: number }, smsHint?: string): BindingCard {
  return { id: row.id, student_id: row.student_id, bind_no: row.bind_no, bank_name: row.bank_name, card_tail: row.card_tail, holder_name: row.holder_name, phone_tail: row.phone_tail, state: row.state, ...(smsHint ? { sms_hint: smsHint } : {}) };
}

async function bindingInScope(db: Db, principal: Principal, id: number) {
  const row = await db.selectFrom('fin_bank_binding').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw new ApiError(404, '银行卡绑定记录不存在或无权访问');
  return row;
}

/** What the demo shows of an SMS the built-in provider would have sent (a real provider texts it). */
function hint(smsCode: string | undefined): string | undefined {
  return paymentProvider().name === 'builtin' && smsCode ? smsCode : undefined;
}

/** Card payment, QR payment codes and the service rate of a student (one provider interface). */
export function registerPaymentRoutes(app: Hono<AppEnv>): void {
  mountCall(app, qrPayCodeCall, async ({ db, principal, body }) => {
    const student = await accountStudent(db, principal, body.student_id);
    const outTradeNo = await nextNumber(db, { kind: 'QR', scope: 'all', period: periodOf('month') });
    const ctx = { db, schoolId: student.school_id, studentId: student.id, by: principal.userId };
    const qr = await paymentProvider().createQrCode(ctx, { outTradeNo, amount: body.amount, subject: `${student.name} 储值账户充值` });
    return { out_trade_no: outTradeNo, code_url: qr.codeUrl, amount: body.amount, expires_at: qr.expiresAt, provider: paymentProvider().name };
  });

  mountCall(app, bindingCall, async ({ db, principal, body }) => {
    const student = await accountStudent(db, principal, body.student_id);
    const bindNo = await nextNumber(db, { kind: 'BK', scope: 'all', period: periodOf('year') });
    const ctx = { db, schoolId: student.school_id, studentId: student.id, by: principal.userId };
    const sent = await paymentProvider().bindCard(ctx, { bindNo, cardNo: body.card_no, holderName: body.holder_name, idCard: body.id_card, phone: body.phone });
    const now = nowText();
    const row = await db
      .insertInto('fin_bank_binding')
      .values({ school_id: student.school_id, student_id: student.id, provider: paymentProvider().name, bind_no: bindNo, bank_name: body.bank_name ?? null, card_tail: body.card_no.slice(-4), holder_name: body.holder_name, phone_tail: body.phone.slice(-4), state: 1, sms_code: sent.smsCode ?? null, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    return cardOut(row, hint(sent.smsCode));
  });

  mountCall(app, confirmBindingCall, async ({ db, principal, body }) => {
    const row = await bindingInScope(db, principal, body.binding_id);
    if (row.state !== 1) throw new ApiError(409, row.state === 2 ? '该银行卡已绑定' : '该绑卡申请已失效，请重新绑定');
    const ctx = { db, schoolId: row.school_id, studentId: row.student_id, by: principal.userId };
    const res = await paymentProvider().confirmBinding(ctx, { bindNo: row.bind_no, smsCode: body.sms_code, expected: row.sms_code });
    if (!res.ok) throw new ApiError(400, res.message ?? '绑卡失败');
    await db.updateTable('fin_bank_binding').set({ state: 2, sms_code: null, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', row.id).execute();
    return cardOut({ ...row, state: 2 });
  });

  mountCall(app, unbindingCall, async ({ db, principal, body }) => {
    const row = await bindingInScope(db, principal, body.binding_id);
    if (row.state === 3) throw new ApiError(409, '该银行卡已解绑');
    await paymentProvider().unbind({ db, schoolId: row.school_id, studentId: row.student_id, by: principal.userId }, { bindNo: row.bind_no });
    await db.updateTable('fin_bank_binding').set({ state: 3, sms_code: null, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', row.id).execute();
    return cardOut({ ...row, state: 3 });
  });

  mountCall(app, bindingCardsCall, async ({ db, principal, query }) => {
    const student = await accountStudent(db, principal, query.student_id);
    const rows = await db.selectFrom('fin_bank_binding').selectAll().where('student_id', '=', student.id).where('state', '=', 2).orderBy('id', 'desc').execute();
    return rows.map((r) => cardOut(r));
  });

  mountCall(app, quickPayCall, async ({ db, principal, body }) => {
    const card = await bindingInScope(db, principal, body.binding_id);
    if (card.state !== 2) throw new ApiError(409, '该银行卡未绑定或已解绑');
    const outTradeNo = await nextNumber(db, { kind: 'KJ', scope: 'all', period: periodOf('month') });
    const sent = await paymentProvider().quickPay({ db, schoolId: card.school_id, studentId: card.student_id, by: principal.userId }, { outTradeNo, bindNo: card.bind_no, amount: body.amount });
    const now = nowText();
    const row = await db
      .insertInto('fin_quick_pay')
      .values({ school_id: card.school_id, student_id: card.student_id, binding_id: card.id, out_trade_no: outTradeNo, amount: body.amount, state: 1, sms_code: sent.smsCode ?? null, receipt_id: null, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId })
      .returning(['id', 'out_trade_no', 'amount', 'state'])
      .executeTakeFirstOrThrow();
    const h = hint(sent.smsCode);
    return { ...row, amount: Number(row.amount), ...(h ? { sms_hint: h } : {}) };
  });

  mountCall(app, confirmQuickPayCall, async ({ db, principal, body }) => {
    const pay = await db.selectFrom('fin_quick_pay').selectAll().where('id', '=', body.pay_id).executeTakeFirst();
    if (!pay || !inScope(principal, pay.school_id)) throw new ApiError(404, '支付记录不存在或无权访问');
    if (pay.state !== 1) throw new ApiError(409, pay.state === 2 ? '该笔支付已完成' : '该笔支付已失败，请重新支付');
    const res = await paymentProvider().confirmQuickPay({ db, schoolId: pay.school_id, studentId: pay.student_id, by: principal.userId }, { outTradeNo: pay.out_trade_no, smsCode: body.sms_code, expected: pay.sms_code });
    if (!res.ok) throw new ApiError(400, res.message ?? '支付失败');
    const student = await accountStudent(db, principal, pay.student_id);
    const result = await depositToAccount(db, { student, amountFen: Number(pay.amount), payMethod: 'zhongjin', by: principal.userId, refType: 'quick_pay', refId: pay.out_trade_no, remark: '中金快捷支付充值' });
    await db.updateTable('fin_quick_pay').set({ state: 2, sms_code: null, receipt_id: result.receipt?.id ?? null, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', pay.id).execute();
    return result;
  });

  mountCall(app, rateByStudentCall, async ({ db, principal, query }) => {
    const student = await accountStudent(db, principal, query.student_id);
    return rateFor(db, student.school_id, query.pay_method, query.amount);
  });
}
