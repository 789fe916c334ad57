import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { listOrder } from '../../lib/list-order';
import {
  balanceCall,
  depositCall,
  findStudentsCall,
  flowAddCall,
  flowDeleteCall,
  flowPageCall,
  flowUpdateCall,
  accountRefundCall,
  transferCall,
  type FlowRow,
} from '../../../src/contract/finance-accounts';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { countOf } from '../../db/dialect';
import { ApiError } from '../../lib/http';
import { LEDGER_APPEND_ONLY_MSG } from '../../lib/ledger-table';
import { whereInScope } from '../../lib/scope';
import { accountBalance, accountStudent, depositToAccount, refundOutOfAccount, transferBetween } from './accounts';
import { accountFlow, accountKey } from './ledgers';
import './schema';

type Db = Kysely<Database>;

const FLOW_SORTS = { id: 'f.id', created_at: 'f.created_at', amount: 'f.amount', balance_after: 'f.balance_after', seq: 'f.seq' } as const;

function flowQuery(db: Db) {
  return db
    .selectFrom('fin_stu_account_flow as f')
    .innerJoin('student as s', 's.id', 'f.student_id')
    .leftJoin('organisations as o', 'o.id', 's.school_id')
    .leftJoin('users as u', 'u.id', 'f.created_by');
}

/** The account calls: deposit, transfer, refund out of the account, the balance, the ledger's rows. */
export function registerAccountRoutes(app: Hono<AppEnv>): void {
  mountCall(app, depositCall, async ({ db, principal, body }) => {
    const student = await accountStudent(db, principal, body.student_id);
    return depositToAccount(db, { student, amountFen: body.amount, payMethod: body.pay_method, by: principal.userId, payer: body.payer, remark: body.remark });
  });

  mountCall(app, transferCall, async ({ db, principal, body }) => {
    const from = await accountStudent(db, principal, body.from_student_id, '转出学员');
    const to = await accountStudent(db, principal, body.to_student_id, '转入学员');
    return transferBetween(db, from, to, body.amount, body.reason, principal.userId);
  });

  mountCall(app, accountRefundCall, async ({ db, principal, body }) => {
    const student = await accountStudent(db, principal, body.student_id);
    return refundOutOfAccount(db, student, body.amount, body.pay_method, body.reason, principal.userId);
  });

  mountCall(app, balanceCall, async ({ db, principal, query }) => {
    const student = await accountStudent(db, principal, query.student_id);
    return { student_id: student.id, student_name: student.name, school_id: student.school_id, balance: await accountBalance(db, student.id) };
  });

  mountCall(app, findStudentsCall, async ({ db, principal, query }) => {
    const kw = query.keyword;
    let qb = whereInScope(
      db.selectFrom('student as s').leftJoin('organisations as o', 'o.id', 's.school_id').select(['s.id', 's.name', 's.school_id', 'o.name as school_name']).where('s.del_flag', '=', 0),
      's.school_id',
      principal,
    );
    if (query.school_id) qb = qb.where('s.school_id', '=', query.school_id);
    qb = /^1\d{10}$/.test(kw) ? qb.where((eb) => eb.or([eb('s.phone', '=', kw), eb('s.parent_phone', '=', kw)])) : qb.where('s.name', 'like', `%${kw.replace(/[%_\\]/g, '')}%`);
    const rows = await qb.orderBy('s.id', 'desc').limit(20).execute();
    return Promise.all(rows.map(async (r) => ({ ...r, balance: await accountBalance(db, r.id) })));
  });

  mountCall(app, flowPageCall, async ({ db, principal, query }) => {
    let qb = whereInScope(flowQuery(db), 's.school_id', principal);
    if (query.student_id) qb = qb.where('f.account_key', '=', accountKey(query.student_id));
    // the campus the row was posted at (migration 1220): one index range for a campus's day
    if (query.school_id) qb = qb.where('f.school_id', '=', query.school_id);
    if (query.biz_type) qb = qb.where('f.biz_type', '=', query.biz_type);
    if (query.start_date) qb = qb.where('f.created_at', '>=', `${query.start_date} 00:00:00`);
    if (query.end_date) qb = qb.where('f.created_at', '<=', `${query.end_date} 23:59:59`);
    const totalSize = await countOf(qb);
    let sorted = qb;
    for (const [ref, dir] of listOrder(query.sort, FLOW_SORTS, [['f.id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const rows = await sorted
      .select([
        'f.id',
        'f.student_id',
        's.name as student_name',
        's.school_id',
        'o.name as school_name',
        'f.seq',
        'f.amount',
        'f.balance_after',
        'f.biz_type',
        'f.ref_type',
        'f.ref_id',
        'f.reverses_id',
        'f.reason',
        'f.created_by',
        'u.name as creator_name',
        'f.created_at',
      ])
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    const content: FlowRow[] = rows.map((r) => ({ ...r, id: Number(r.id), student_id: Number(r.student_id), amount: Number(r.amount), balance_after: Number(r.balance_after), seq: Number(r.seq) }));
    return { content, totalSize };
  });

  mountCall(app, flowAddCall, async ({ db, principal, body }) => {
    const student = await accountStudent(db, principal, body.student_id);
    const flow = await accountFlow.post(db, accountKey(student.id), body.amount, { bizType: body.biz_type, refType: 'manual', reason: body.reason, by: principal.userId });
    return { student_id: student.id, balance: flow.balance_after, flow_id: flow.id };
  });

  // history is not edited (DESIGN §7): the rows are append-only in the database itself
  mountCall(app, flowUpdateCall, async () => {
    throw new ApiError(409, `${LEDGER_APPEND_ONLY_MSG}；如需更正，请删除（冲正）该流水后重新记账，或提交余额调整`);
  });

  // "delete" of a ledger row is its reversal: the opposite row with the reason, the original stays
  mountCall(app, flowDeleteCall, async ({ db, principal, body }) => {
    const row = await db.selectFrom('fin_stu_account_flow').select(['id', 'student_id', 'ref_type', 'biz_type']).where('id', '=', body.id).executeTakeFirst();
    if (!row) throw new ApiError(404, '流水不存在或无权访问');
    const student = await accountStudent(db, principal, Number(row.student_id), '流水');
    if (row.ref_type === 'receipt') throw new ApiError(409, '该流水由收据产生，请作废对应的收据');
    if (row.biz_type === 'payment' || row.biz_type === 'refund_in') throw new ApiError(409, '该流水由订单产生，请在订单中办理');
    if (row.biz_type === 'transfer_in' || row.biz_type === 'transfer_out') throw new ApiError(409, '转账流水不能单独冲正，请反向转账');
    const flow = await accountFlow.reverse(db, row.id, body.reason, principal.userId);
    return { student_id: student.id, balance: flow.balance_after, flow_id: flow.id };
  });
}
