import type Sqlite from 'better-sqlite3';
import { nowText } from '../../server/lib/time';

/**
 * The finance bench's reconciliation day (issue 16: "reconciliation of one campus-day of 2,000
 * flows"): 2,000 channel flows of one campus on one day, spread over three channels as statement
 * imports would leave them, and that day's receipts: half name the flow's trade number, most of
 * the rest match by amount within minutes, and a few on either side have no partner (the
 * differences a finance user resolves). Written once into the bench database (idempotent by the
 * first trade number).
 */
export const RECON_DAY = '2025-06-16';
export const RECON_FLOWS = 2000;
const CHANNELS = [
  { table: 'fin_yb_flowing', share: 800, method: 'wechat' },
  { table: 'fin_ysepay_flowing', share: 700, method: 'pos' },
  { table: 'fin_ysepay_qr_flowing', share: 500, method: 'qr' },
] as const;
/** 1 flow in 40 has no receipt; 50 receipts have no flow */
const FLOW_ONLY_EVERY = 40;
const RECEIPT_ONLY = 50;

export function addReconciliationDay(raw: Sqlite.Database, schoolId: number): void {
  const done = raw.prepare("select 1 from fin_yb_flowing where trade_no = 'BRECON-1'").get();
  if (done) return;
  const now = nowText();
  const student = raw.prepare('select id, name from student where school_id = ? order by id limit 1').get(schoolId) as { id: number; name: string };
  const insReceipt = raw.prepare(
    "insert into fin_stu_account_receipts (receipt_no, school_id, student_id, student_name, operator_name, kind, amount, pay_method, state, biz_date, ref_type, ref_id, created_at, updated_at) values (?, ?, ?, ?, '压测', 1, ?, ?, 1, ?, 'bench', ?, ?, ?)",
  );
  const at = (i: number): string => `${RECON_DAY} ${String(8 + Math.floor(i / 180)).padStart(2, '0')}:${String(Math.floor((i % 180) / 3)).padStart(2, '0')}:${String((i % 3) * 20).padStart(2, '0')}`;
  raw.transaction(() => {
    let n = 0;
    for (const channel of CHANNELS) {
      const insFlow = raw.prepare(
        `insert into ${channel.table} (trade_no, order_no, merchant_no, pay_time, trade_type, amount, fee, pay_method, payer_name, recon_state, source, school_id, created_at, updated_at) values (?, ?, 'BENCH', ?, 1, ?, 0, ?, ?, 0, 2, ?, ?, ?)`,
      );
      for (let k = 0; k < channel.share; k++, n++) {
        const tradeNo = `BRECON-${n + 1}`;
        const amount = 10_000 + (n % 47) * 500;
        insFlow.run(tradeNo, `BORD-${n + 1}`, at(n), amount, channel.method, student.name, schoolId, now, now);
        if (n % FLOW_ONLY_EVERY === FLOW_ONLY_EVERY - 1) continue;
        // even flows: the receipt names the trade number; odd ones: the same amount a few minutes later
        const reference = n % 2 === 0 ? tradeNo : null;
        insReceipt.run(`BRECON-R${n + 1}`, schoolId, student.id, student.name, amount, channel.method, RECON_DAY, reference, at(n + 1), now);
      }
    }
    for (let k = 0; k < RECEIPT_ONLY; k++) insReceipt.run(`BRECON-X${k + 1}`, schoolId, student.id, student.name, 99_900 + k, 'pos', RECON_DAY, null, at(k * 7), now);
  })();
}
