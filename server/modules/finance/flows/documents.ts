import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv, Principal } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import { ApiError, notFound } from '../../../lib/http';
import { mountCall } from '../../../lib/call-routes';
import { mountResource } from '../../../lib/resource-routes';
import { whereInScope } from '../../../lib/scope';
import { nowText } from '../../../lib/time';
import { formatYuan } from '../../../../src/lib/format/money';
import { bookOrderResource, exchangeGiftOrderResource, invoiceResource } from '../../../../src/contract/resources/finance-flows';
import { giftCheckBranchCall, giftCheckHeadCall, giftDeliverCall, issueInvoiceCall, voidInvoiceCall } from '../../../../src/contract/finance-flows';
import { receiptSource } from './receipts';
import { fillStudent } from './common';
import { postExchange, prepareExchange, reverseExchange } from './gift-points';
import './schema';

const REQUESTED = 1;
const ISSUED = 2;
const VOIDED = 3;

async function invoiceInScope(db: Kysely<Database>, principal: Principal, id: number) {
  const row = await whereInScope(db.selectFrom('fin_invoice').selectAll().where('id', '=', id), 'school_id', principal).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** What is invoiced (not voided) for a filter of fin_invoice, leaving out the invoice being edited. */
async function invoicedOf(db: Kysely<Database>, schoolId: number, filter: { student_id: number } | { source_type: number; source_no: string }, exceptId: number | undefined): Promise<number> {
  let q = db
    .selectFrom('fin_invoice')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
    .where('school_id', '=', schoolId)
    .where('state', '<>', VOIDED);
  q = 'student_id' in filter ? q.where('student_id', '=', filter.student_id) : q.where('source_type', '=', filter.source_type).where('source_no', '=', filter.source_no);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Number((await q.executeTakeFirst())?.total ?? 0);
}

/**
 * The invoice limit, from the ledgers, never from a typed figure: what the student paid at the
 * campus (收费 less 退费 receipts; a cancellation's reversal takes its receipt back out) less what
 * is already invoiced for the student; for an invoice of one receipt also that receipt's amount less
 * what is invoiced on it. `paid_amount` is set to the figure the limit came from.
 */
async function checkInvoiceLimit(db: Kysely<Database>, row: Record<string, unknown>, merged: Record<string, unknown>, exceptId: number | undefined): Promise<void> {
  const schoolId = Number(merged.school_id);
  const amount = Number(merged.amount);
  const sourceNo = String(merged.source_no);
  let studentId = merged.student_id === null || merged.student_id === undefined ? null : Number(merged.student_id);
  if (Number(merged.source_type) === 1) {
    const receipt = await receiptSource().receiptOf(db, schoolId, sourceNo);
    if (!receipt) throw new ApiError(400, `单据号：收据 ${sourceNo} 不存在、已作废或不属于该校区`);
    if (studentId !== null && receipt.student_id !== studentId) throw new ApiError(400, `单据号：收据 ${sourceNo} 不是该学员的收据`);
    studentId = receipt.student_id;
    row.student_id = studentId;
    const onReceipt = await invoicedOf(db, schoolId, { source_type: 1, source_no: sourceNo }, exceptId);
    if (amount + onReceipt > receipt.amount) {
      throw new ApiError(400, `开票金额超过可开票额度：收据 ${sourceNo} 实收 ${formatYuan(receipt.amount)} 元，已开票 ${formatYuan(onReceipt)} 元，最多还可开 ${formatYuan(Math.max(0, receipt.amount - onReceipt))} 元`);
    }
  }
  if (studentId === null) throw new ApiError(400, '学员：按订单开票请选择学员');
  const paid = await receiptSource().netPaidOfStudent(db, schoolId, studentId);
  const invoiced = await invoicedOf(db, schoolId, { student_id: studentId }, exceptId);
  if (Number(merged.source_type) !== 1) row.paid_amount = paid;
  else row.paid_amount = (await receiptSource().receiptOf(db, schoolId, sourceNo))?.amount ?? 0;
  if (amount + invoiced > paid) {
    throw new ApiError(400, `开票金额超过可开票额度：该学员实收 ${formatYuan(paid)} 元（收费减退费），已开票 ${formatYuan(invoiced)} 元，最多还可开 ${formatYuan(Math.max(0, paid - invoiced))} 元`);
  }
}

/**
 * Invoices: requested → issued (number and file) → voided. What is invoiced (not voided) never
 * exceeds what was paid: checkInvoiceLimit.
 */
function registerInvoices(app: Hono<AppEnv>): void {
  mountResource(app, invoiceResource, {
    async beforeWrite(ctx, row, mode, existing) {
      if (existing && Number(existing.state) !== REQUESTED) throw new ApiError(409, '发票已开具或作废，不能修改');
      await fillStudent(ctx.db, ctx.principal, row, existing);
      await checkInvoiceLimit(ctx.db, row, { ...existing, ...row } as Record<string, unknown>, existing ? Number(existing.id) : undefined);
      if (mode === 'add') row.state = REQUESTED;
    },
    async beforeDelete(ctx, ids) {
      const rows = await ctx.db.selectFrom('fin_invoice').select('state').where('id', 'in', ids).execute();
      if (rows.some((r) => Number(r.state) !== REQUESTED)) throw new ApiError(409, '已开具或作废的发票不能删除，请作废');
    },
  });

  mountCall(app, issueInvoiceCall, async ({ db, principal, body }) => {
    const inv = await invoiceInScope(db, principal, body.id);
    if (Number(inv.state) !== REQUESTED) throw new ApiError(409, '只有已申请的发票可以开具');
    const fileIds = body.invoice_file.split(',').map(Number);
    const files = await db.selectFrom('sys_attachment').select('id').where('id', 'in', fileIds).where('del_flag', '=', 0).execute();
    if (files.length !== new Set(fileIds).size) throw new ApiError(404, '发票文件不存在或无权访问');
    const clash = await db.selectFrom('fin_invoice').select('id').where('invoice_no', '=', body.invoice_no).where('state', '=', ISSUED).executeTakeFirst();
    if (clash) throw new ApiError(409, `发票号码 ${body.invoice_no} 已被其他发票使用`);
    const now = nowText();
    await db.updateTable('fin_invoice').set({ state: ISSUED, invoice_no: body.invoice_no, invoice_file: body.invoice_file, issued_at: now, updated_at: now, updated_by: principal.userId }).where('id', '=', inv.id).execute();
    return { id: inv.id, state: ISSUED };
  });

  mountCall(app, voidInvoiceCall, async ({ db, principal, body }) => {
    const inv = await invoiceInScope(db, principal, body.id);
    if (Number(inv.state) === VOIDED) throw new ApiError(409, '发票已作废');
    const now = nowText();
    await db.updateTable('fin_invoice').set({ state: VOIDED, void_reason: body.reason, updated_at: now, updated_by: principal.userId }).where('id', '=', inv.id).execute();
    return { id: inv.id, state: VOIDED };
  });
}

const GIFT = { branch: 1, head: 2, deliver: 3, delivered: 4, refused: 5 } as const;

async function giftInScope(db: Kysely<Database>, principal: Principal, id: number) {
  const row = await whereInScope(db.selectFrom('fin_exchange_gift_order').selectAll().where('id', '=', id), 'school_id', principal).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Gift exchange: checked by the branch office, then the head office, then delivered. A new order
 * deducts the student's points once (and takes a mall gift's stock); a refusal or the delete of an
 * unchecked order gives them back once (gift-points.ts).
 */
function registerGiftOrders(app: Hono<AppEnv>): void {
  mountResource(app, exchangeGiftOrderResource, {
    async beforeWrite(ctx, row, mode, existing) {
      if (existing && Number(existing.state) !== GIFT.branch) throw new ApiError(409, '兑换单已审核，不能修改');
      await prepareExchange(ctx.db, row, mode, existing);
      await fillStudent(ctx.db, ctx.principal, row, existing);
      if (mode === 'add') row.state = GIFT.branch;
    },
    async afterWrite(ctx, row, mode) {
      if (mode === 'add') await postExchange(ctx.db, ctx.principal, row);
    },
    async beforeDelete(ctx, ids) {
      const rows = await ctx.db.selectFrom('fin_exchange_gift_order').selectAll().where('id', 'in', ids).execute();
      if (rows.some((r) => Number(r.state) !== GIFT.branch && Number(r.state) !== GIFT.refused)) throw new ApiError(409, '审核中或已发放的兑换单不能删除');
      for (const r of rows) if (Number(r.state) === GIFT.branch) await reverseExchange(ctx.db, ctx.principal, r, '删除');
    },
  });
  const check = (from: number, passTo: number, column: 'branch_opinion' | 'head_opinion', wrong: string) =>
    async ({ db, principal, body }: { db: Kysely<Database>; principal: Principal; body: { id: number; pass: boolean; opinion: string } }) => {
      const order = await giftInScope(db, principal, body.id);
      if (Number(order.state) !== from) throw new ApiError(409, wrong);
      if (!body.pass && body.opinion === '') throw new ApiError(400, '驳回时请填写审核意见');
      const state = body.pass ? passTo : GIFT.refused;
      // the state moves only from where it was read: a parallel check of the same order finds it moved
      const moved = await db.updateTable('fin_exchange_gift_order').set({ state, [column]: body.opinion || null, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', order.id).where('state', '=', from).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw new ApiError(409, wrong);
      if (!body.pass) await reverseExchange(db, principal, order, '驳回');
      return { id: order.id, state };
    };
  mountCall(app, giftCheckBranchCall, check(GIFT.branch, GIFT.head, 'branch_opinion', '该兑换单不在待分校审核状态'));
  mountCall(app, giftCheckHeadCall, check(GIFT.head, GIFT.deliver, 'head_opinion', '该兑换单不在待总部审核状态'));
  mountCall(app, giftDeliverCall, async ({ db, principal, body }) => {
    const order = await giftInScope(db, principal, body.id);
    if (Number(order.state) !== GIFT.deliver) throw new ApiError(409, '该兑换单不在待发放状态');
    const now = nowText();
    await db.updateTable('fin_exchange_gift_order').set({ state: GIFT.delivered, express_no: body.express_no || null, delivered_at: now, updated_at: now, updated_by: principal.userId }).where('id', '=', order.id).execute();
    return { id: order.id, state: GIFT.delivered };
  });
}

/** Book orders: the amount is the server's (quantity × unit price), never typed. */
function registerBookOrders(app: Hono<AppEnv>): void {
  mountResource(app, bookOrderResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      await fillStudent(ctx.db, ctx.principal, row, existing);
      const quantity = Number(row.quantity ?? existing?.quantity);
      const unit = Number(row.unit_price ?? existing?.unit_price);
      row.amount = quantity * unit;
    },
  });
}

export function registerDocuments(app: Hono<AppEnv>): void {
  registerInvoices(app);
  registerGiftOrders(app);
  registerBookOrders(app);
}
