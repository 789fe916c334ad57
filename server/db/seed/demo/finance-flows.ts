import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { FLOW_KINDS, type FlowKind } from '../../../../src/contract/resources/finance-flows';
import { reconcileDay } from '../../../modules/finance';
import '../../core-schema';

/**
 * Demo data of the payment channels (issue 16): merchants, POS devices, a month of channel flows
 * at the Beijing campuses (some bound to students), three reconciled days (the oldest resolved and
 * closed), invoices in every state, gift exchange orders at each step, book orders and e-commerce
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
  let n = 0;
  for (let back = 30; back >= 1; back--) {
    const day = dayBefore(today, back);
    for (const s of beijing) {
      const count = 2 + Math.floor(rand() * 4);
      for (let i = 0; i < count; i++) {
        const kind = pick(FLOW_KINDS).kind;
        const hour = 9 + Math.floor(rand() * 11);
        const minute = Math.floor(rand() * 60);
        const own = studentsOf(s.id);
        const student = own.length > 0 && rand() < 0.5 ? pick(own) : undefined;
        n++;
        await db
          .insertInto(FLOW_KINDS.find((k) => k.kind === kind)?.name as 'fin_yb_flowing')
          .values({
            school_id: s.id,
            trade_no: `${PREFIX[kind]}${day.replaceAll('-', '')}${String(n).padStart(6, '0')}`,
            order_no: `SO${day.replaceAll('-', '')}${String(n).padStart(4, '0')}`,
            merchant_no: null,
            pay_time: `${day} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`,
            trade_type: rand() < 0.08 ? 2 : 1,
            amount: pick(AMOUNTS),
            fee: 0,
            pay_method: pick(METHODS[kind]),
            payer_name: student?.name ?? pick(PAYERS),
            terminal_no: kind === 'ysepay' ? `T${s.id}001` : null,
            student_id: student?.id ?? null,
            student_name: student?.name ?? null,
            recon_state: 0,
            source: 1,
            remark: null,
            ...stamp,
          })
          .execute();
      }
    }
  }

  // three reconciled days at 北京朝阳 (no receipts connected yet: the flows show as 仅渠道有);
  // the oldest is resolved and closed, so its closing is on record
  const cy = beijing.find((s) => s.code === 'BJ-CY');
  if (cy && by !== null) {
    // newest first: the open days come first in id order
    for (const back of [2, 3, 4]) await reconcileDay(db, cy.id, dayBefore(today, back), by);
    const oldest = await db.selectFrom('fin_reconciliations').select(['id', 'recon_date']).where('school_id', '=', cy.id).where('recon_date', '=', dayBefore(today, 4)).executeTakeFirstOrThrow();
    await db.updateTable('fin_reconciliation_records').set({ state: 1, reason: '收据为线下补录，已核对银行到账', resolved_at: now }).where('recon_id', '=', oldest.id).execute();
    await db.updateTable('fin_reconciliations').set({ state: 1, closed_at: now, pending_count: 0 }).where('id', '=', oldest.id).execute();
    await db.insertInto('fin_reconciliation_event').values({ school_id: cy.id, recon_id: oldest.id, recon_date: oldest.recon_date, action: 'close', reason: null, ...stamp }).execute();
  }

  const invoiceStudents = students.filter((st) => beijing.some((b) => b.id === st.school_id)).slice(0, 4);
  const invoiceStates = [1, 2, 2, 3];
  for (const [i, st] of invoiceStudents.entries()) {
    const state = invoiceStates[i];
    await db
      .insertInto('fin_invoice')
      .values({
        school_id: st.school_id,
        student_id: st.id,
        student_name: st.name,
        source_type: 1,
        source_no: `SK${today.slice(0, 4)}-${String(i + 1).padStart(6, '0')}`,
        paid_amount: 720000,
        kind: 3,
        title: i % 2 === 0 ? `${st.name}家长` : '北京启明科技有限公司',
        tax_no: i % 2 === 0 ? null : '91110105MA01ABCD2X',
        amount: i === 1 ? 360000 : 720000,
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
