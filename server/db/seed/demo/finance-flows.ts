import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { FLOW_KINDS, type FlowKind } from '../../../../src/contract/resources/finance-flows';
import { depositToAccount, reconcileDay } from '../../../modules/finance';
import type { PayMethod } from '../../../../src/contract/finance-accounts';
import '../../core-schema';

/**
 * Demo data of the payment channels (issue 16): merchants, POS devices, a month of channel payments
 * at the Beijing campuses (receipts into the students' accounts and the channels' flows, most
 * paired by trade number, a few unmatched on either side), three reconciled days (the oldest
 * resolved and closed), invoices of those receipts in every state, gift exchange orders at each step, book orders and e-commerce
 * orders. Money in fen. Deterministic (a fixed pseudo-random sequence), dated back from today.
 */
export const order = 70;

/** A small linear congruential generator: the same demo on every machine. */
function sequence(start: number): () => number {
  let s = start;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function dayBefore(today: string, n: number): string {
  const t = Date.parse(`${today}T00:00:00Z`) - n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const AMOUNTS = [68000, 128000, 360000, 720000, 45000, 99900, 150000, 288000];
const PAYERS = ['张伟', '王芳', '李娜', '刘强', '陈静', '杨磊', '赵丽', '黄敏'];
const METHODS: Record<FlowKind, readonly string[]> = { yb: ['银行卡', '微信'], ysepay: ['银行卡'], ysepay_qr: ['微信', '支付宝'], happy_pay: ['微信'], generic: ['转账', '支付宝'] };
const PREFIX: Record<FlowKind, string> = { yb: 'YB', ysepay: 'YS', ysepay_qr: 'YQ', happy_pay: 'HP', generic: 'GP' };
/** How the campus records a payment that arrives through each channel (the receipt's 收款方式). */
const RECEIPT_METHOD: Record<FlowKind, PayMethod> = { yb: 'card', ysepay: 'pos', ysepay_qr: 'qr', happy_pay: 'wechat', generic: 'alipay' };
const CHANNEL_NAME: Record<FlowKind, string> = { yb: '易宝支付', ysepay: '银盛POS', ysepay_qr: '银盛扫码', happy_pay: '快乐付', generic: '通用支付' };

export async function seed(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('fin_yb_flowing').select('id').limit(1).executeTakeFirst()) return;
  const schools = await db.selectFrom('organisations').select(['id', 'code']).where('code', 'in', ['BJ-CY', 'BJ-HD', 'SH-PD']).execute();
  if (schools.length === 0) return;
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirst();
  const by = admin?.id ?? null;
  const now = nowText();
  const stamp = { created_at: now, updated_at: now, created_by: by, updated_by: by };
  const today = todayText();
  const rand = sequence(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

  for (const s of schools) {
    const code = s.code ?? String(s.id);
    const short = code.replace('-', '');
    await db.insertInto('fin_yeepay').values({ school_id: s.id, merchant_no: `10088${s.id}0001`, merchant_name: `易宝收款-${code}`, sub_merchant_no: null, app_id: null, state: 1, remark: null, ...stamp }).execute();
    await db.insertInto('fin_ysepay').values({ school_id: s.id, merchant_no: `82610${s.id}0002`, merchant_name: `银盛收款-${code}`, sub_merchant_no: null, app_id: null, state: 1, remark: null, ...stamp }).execute();
    await db
      .insertInto('fin_pos_device')
      .values({ school_id: s.id, device_no: `POS-${short}-01`, brand: 1, terminal_no: `T${s.id}001`, merchant_no: `82610${s.id}0002`, flow_kind: 'ysepay', keeper: '前台', state: 1, remark: null, ...stamp })
      .execute();
  }

  const students = await db.selectFrom('student').select(['id', 'school_id', 'name']).where('del_flag', '=', 0).orderBy('id').limit(200).execute();
  const studentsOf = (schoolId: number) => students.filter((st) => st.school_id === schoolId);
  const beijing = schools.filter((s) => (s.code ?? '').startsWith('BJ'));
  // a month of channel payments at the Beijing campuses: most are a parent's payment into the
  // student's account with its receipt naming the channel's trade number (so 对账 pairs them by
  // reference); a few flows have no receipt (仅渠道有) and a few channel receipts no flow (仅收据有)
  const receipts: { school_id: number; receipt_no: string; student_id: number; student_name: string; amount: number }[] = [];
  let n = 0;
  const insertFlow = async (schoolId: number, day: string, kind: FlowKind, tradeNo: string, orderNo: string, amount: number, student: { id: number; name: string } | undefined) => {
    const hour = 9 + Math.floor(rand() * 11);
    const minute = Math.floor(rand() * 60);
    await db
      .insertInto(FLOW_KINDS.find((k) => k.kind === kind)?.name as 'fin_yb_flowing')
      .values({
        school_id: schoolId,
        trade_no: tradeNo,
        order_no: orderNo,
        merchant_no: null,
        pay_time: `${day} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`,
        trade_type: 1,
        amount,
        fee: 0,
        pay_method: pick(METHODS[kind]),
        payer_name: student?.name ?? pick(PAYERS),
        terminal_no: kind === 'ysepay' ? `T${schoolId}001` : null,
        student_id: student?.id ?? null,
        student_name: student?.name ?? null,
        recon_state: 0,
        source: 1,
        remark: null,
        ...stamp,
      })
      .execute();
  };
  for (let back = 30; back >= 1; back--) {
    const day = dayBefore(today, back);
    for (const s of beijing) {
      const own = studentsOf(s.id);
      if (own.length === 0) continue;
      const count = 1 + Math.floor(rand() * 3);
      for (let i = 0; i < count; i++) {
        n++;
        const kind = pick(FLOW_KINDS).kind;
        const tradeNo = `${PREFIX[kind]}${day.replaceAll('-', '')}${String(n).padStart(6, '0')}`;
        const amount = pick(AMOUNTS);
        const student = pick(own);
        const receipt = await depositToAccount(db, { student, amountFen: amount, payMethod: RECEIPT_METHOD[kind], by, payer: `${student.name}家长`, remark: `${CHANNEL_NAME[kind]}到账`, refType: 'channel', refId: tradeNo, bizDate: day });
        if (receipt.receipt) receipts.push({ school_id: s.id, receipt_no: receipt.receipt.receipt_no, student_id: student.id, student_name: student.name, amount });
        // about one in twelve channel receipts has no flow in the statement yet
        if (rand() < 0.08) continue;
        await insertFlow(s.id, day, kind, tradeNo, `SO${day.replaceAll('-', '')}${String(n).padStart(4, '0')}`, amount, rand() < 0.5 ? student : undefined);
      }
      // about one day in five a payment reaches the channel that no receipt names
      if (rand() < 0.2) {
        n++;
        const kind = pick(FLOW_KINDS).kind;
        await insertFlow(s.id, day, kind, `${PREFIX[kind]}${day.replaceAll('-', '')}${String(n).padStart(6, '0')}`, `SO${day.replaceAll('-', '')}${String(n).padStart(4, '0')}`, pick(AMOUNTS), undefined);
      }
    }
  }

  // three reconciled days at 北京朝阳: most flows pair with their receipts; the oldest day's
  // differences are resolved and the day closed, so its closing is on record
  const cy = beijing.find((s) => s.code === 'BJ-CY');
  if (cy && by !== null) {
    // newest first: the open days come first in id order
    for (const back of [2, 3, 4]) await reconcileDay(db, cy.id, dayBefore(today, back), by);
    const oldest = await db.selectFrom('fin_reconciliations').select(['id', 'recon_date']).where('school_id', '=', cy.id).where('recon_date', '=', dayBefore(today, 4)).executeTakeFirstOrThrow();
    await db.updateTable('fin_reconciliation_records').set({ state: 1, reason: '收据为线下补录，已核对银行到账', resolved_at: now }).where('recon_id', '=', oldest.id).where('state', '=', 0).execute();
    await db.updateTable('fin_reconciliations').set({ state: 1, closed_at: now, pending_count: 0 }).where('id', '=', oldest.id).execute();
    await db.insertInto('fin_reconciliation_event').values({ school_id: cy.id, recon_id: oldest.id, recon_date: oldest.recon_date, action: 'close', reason: null, ...stamp }).execute();
  }

  // invoices of four of those receipts, in every state, never above what the receipt took
  const invoiceStates = [1, 2, 2, 3];
  for (const [i, r] of receipts.filter((_, k) => k % 7 === 0).slice(0, 4).entries()) {
    const state = invoiceStates[i];
    await db
      .insertInto('fin_invoice')
      .values({
        school_id: r.school_id,
        student_id: r.student_id,
        student_name: r.student_name,
        source_type: 1,
        source_no: r.receipt_no,
        paid_amount: r.amount,
        kind: 3,
        title: i % 2 === 0 ? `${r.student_name}家长` : '北京启明科技有限公司',
        tax_no: i % 2 === 0 ? null : '91110105MA01ABCD2X',
        amount: i === 1 ? Math.floor(r.amount / 2) : r.amount,
        state,
        invoice_no: state >= 2 ? `0441${String(20260001 + i)}` : null,
        invoice_file: null,
        issued_at: state >= 2 ? now : null,
        void_reason: state === 3 ? '抬头填写错误，重新开具' : null,
        remark: null,
        ...stamp,
      })
      .execute();
  }

  const invoiceStudents = students.filter((st) => beijing.some((b) => b.id === st.school_id)).slice(0, 4);
  const gifts = ['英语绘本套装', '卡通书包', '保温水杯', '点读笔', '文具礼盒'];
  for (const [i, st] of invoiceStudents.concat(invoiceStudents.slice(0, 1)).entries()) {
    const state = [1, 2, 3, 4, 5][i];
    await db
      .insertInto('fin_exchange_gift_order')
      .values({
        school_id: st.school_id,
        student_id: st.id,
        student_name: st.name,
        gift_name: gifts[i],
        quantity: 1,
        points: 500 + i * 300,
        gift_value: 5000 + i * 3000,
        state,
        branch_opinion: state >= 2 ? (state === 5 ? '积分不足，驳回' : '同意') : null,
        head_opinion: state >= 3 && state !== 5 ? '同意' : null,
        express_no: state === 4 ? 'SF1234567890' : null,
        delivered_at: state === 4 ? now : null,
        remark: null,
        ...stamp,
      })
      .execute();
  }

  const books = await db.selectFrom('prod_text_book').select(['id', 'price']).orderBy('id').limit(3).execute();
  for (const [i, st] of invoiceStudents.entries()) {
    const book = books[i % Math.max(books.length, 1)];
    if (!book) break;
    const unit = Number(book.price ?? 8800);
    await db
      .insertInto('fin_book_order')
      .values({ school_id: st.school_id, student_id: st.id, student_name: st.name, text_book_id: book.id, quantity: 1 + (i % 2), unit_price: unit, amount: unit * (1 + (i % 2)), state: 1 + (i % 4), remark: null, ...stamp })
      .execute();
  }

  for (const [i, s] of beijing.entries()) {
    for (let k = 0; k < 3; k++) {
      await db
        .insertInto('fin_ec_of_yj')
        .values({
          school_id: s.id,
          order_no: `YJ${today.replaceAll('-', '')}${i}${k}`,
          shop_name: '启明英语官方店',
          buyer_name: pick(PAYERS),
          buyer_phone: `1390000${String(1000 + i * 10 + k)}`,
          goods_name: ['自然拼读练习册', '少儿英语点读笔', '暑期线上体验课'][k],
          amount: [3900, 29900, 9900][k],
          pay_time: `${dayBefore(today, 1 + k)} 20:1${k}:00`,
          state: 1 + k,
          ...stamp,
        })
        .execute();
    }
  }
}
