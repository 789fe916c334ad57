import { loadConfig } from './config';
import { openDatabase } from './db/index';
import { ledgerViolations, transferReceiptViolations } from './modules/orders';
import { checkFinanceLedgers } from './modules/finance';

/**
 * `npm run ledger:check`: verifies every ledger invariant of the orders area and the finance area's accounts and receipts over the whole
 * database of this installation (DATA_DIR or DATABASE_URL, as the server): chains, per line
 * bought + gift = consumed + remaining + refunded + transferred + forfeited, cached totals equal to
 * the ledger. Prints every violation and exits 1 when there is any.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const opened = openDatabase(config);
  const started = Date.now();
  try {
    const violations = await ledgerViolations(opened.db);
    // the orders' transfers against their finance receipts (结转/转班): the paid money moved equals what the receipts carried
    violations.push(...(await transferReceiptViolations(opened.db)));
    // the finance area: student account chains and receipts (numbering, cancellations, account rows)
    const finance = await checkFinanceLedgers(opened.db);
    for (const b of finance.accountBreaks) violations.push({ kind: 'chain', subject: `fin_stu_account_flow ${b.account_key}`, detail: `第${b.seq}条余额 ${b.balance_after}，应为 ${b.expected}` });
    for (const p of finance.receiptProblems) violations.push({ kind: 'receipt', subject: '收据', detail: p });
    for (const v of violations) console.log(`[${v.kind}] ${v.subject}：${v.detail}`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // the process's peak resident memory (KB), not what is left at the end
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(violations.length === 0 ? `账本检查通过（${seconds} 秒，内存峰值 ${peakMb} MB）` : `发现 ${violations.length} 处不一致（${seconds} 秒）`);
    process.exitCode = violations.length === 0 ? 0 : 1;
  } finally {
    await opened.close();
  }
}

void main();
