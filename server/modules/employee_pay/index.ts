import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv, Principal } from '../../lib/context';
import type { Database } from '../../db/schema';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { parseSort } from '../../../src/contract/paging';
import { PAY_CALLS, PAY_KINDS, RULE_CALLS, type PayKind, type PayRow, type PaySummary, } from '../../../src/contract/employee_pay';
import { adjustLine, campusesOf, lockMonth, rowsOf, sheetOf, thisMonth, type FullRow } from './sheets';
import { ruleFor, saveRule } from './rules';
import './schema';

interface Filter {
  month?: string;
  school_id?: number;
  user_name?: string;
}

/** The rows of every campus the filter covers, narrowed by name. */
async function filteredRows(db: Kysely<Database>, principal: Principal, kind: PayKind, f: Filter): Promise<{ month: string; rows: FullRow[] }> {
  const month = f.month ?? thisMonth();
  const campuses = await campusesOf(db, principal, f.school_id);
  const rows: FullRow[] = [];
  for (const campus of campuses) rows.push(...(await rowsOf(db, kind, campus, month)));
  const name = f.user_name?.trim();
  return { month, rows: name ? rows.filter((r) => r.user_name.includes(name)) : rows };
}

const SORTS: Readonly<Record<string, (r: PayRow) => string | number>> = {
  user_name: (r) => r.user_name,
  school_name: (r) => r.school_name,
  amount: (r) => r.amount,
  adjust: (r) => r.adjust,
  total: (r) => r.total,
};

function sorted(rows: FullRow[], sort: string | undefined): FullRow[] {
  const spec = parseSort(sort);
  if (!spec) return rows;
  const key = SORTS[spec.prop];
  if (!key) throw new ApiError(400, `不支持按 ${spec.prop.slice(0, 64)} 排序`);
  const dir = spec.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir;
  });
}

const rowOf = ({ items: _items, history: _history, ...row }: FullRow): PayRow => row;

function registerKind(app: Hono<AppEnv>, kind: PayKind): void {
  const calls = PAY_CALLS[kind];
  mountCall(app, calls.page, async ({ db, principal, query }) => {
    const { rows } = await filteredRows(db, principal, kind, query);
    const all = sorted(rows, query.sort);
    const start = (query.page - 1) * query.rows;
    return { content: all.slice(start, start + query.rows).map(rowOf), totalSize: all.length };
  });
  mountCall(app, calls.summary, async ({ db, principal, query }) => {
    const { month, rows } = await filteredRows(db, principal, kind, query);
    const campuses = await campusesOf(db, principal, query.school_id);
    const sheets: PaySummary['sheets'] = [];
    for (const c of campuses) {
      const s = await sheetOf(db, kind, c.id, month);
      sheets.push({ school_id: c.id, school_name: c.name, locked: s !== undefined, locked_at: s?.locked_at ?? null, locked_by_name: s?.locked_by_name ?? null });
    }
    const sum = (pick: (r: FullRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
    return { month, count: rows.length, amount: sum((r) => r.amount), adjust: sum((r) => r.adjust), total: sum((r) => r.total), sheets };
  });
  mountCall(app, calls.detail, async ({ db, principal, query }) => {
    const [campus] = await campusesOf(db, principal, query.school_id);
    const row = (await rowsOf(db, kind, campus, query.month)).find((r) => r.user_id === query.user_id);
    if (!row) throw new ApiError(404, '该员工本月没有薪酬记录');
    const { summary: _summary, ...detail } = row;
    return detail;
  });
  mountCall(app, calls.lock, ({ db, principal, body }) => lockMonth(db, principal, kind, body.school_id, body.month));
  mountCall(app, calls.adjust, ({ db, principal, body }) => adjustLine(db, principal, kind, body.line_id, body.amount, body.reason));
}

/** The rules of the kinds that have their own (BMBC reads the BC and BM rules). */
function registerRules(app: Hono<AppEnv>): void {
  const reach = (db: Kysely<Database>, principal: Principal, schoolId: number) => campusesOf(db, principal, schoolId);
  mountCall(app, RULE_CALLS.BC.get, async ({ db, principal, query }) => (await reach(db, principal, query.school_id), ruleFor(db, 'BC', query.school_id)));
  mountCall(app, RULE_CALLS.BM.get, async ({ db, principal, query }) => (await reach(db, principal, query.school_id), ruleFor(db, 'BM', query.school_id)));
  mountCall(app, RULE_CALLS.MK.get, async ({ db, principal, query }) => (await reach(db, principal, query.school_id), ruleFor(db, 'MK', query.school_id)));
  mountCall(app, RULE_CALLS.ltFee.get, async ({ db, principal, query }) => (await reach(db, principal, query.school_id), ruleFor(db, 'ltFee', query.school_id)));
  mountCall(app, RULE_CALLS.BC.save, ({ db, principal, body }) => saveRule(db, principal, 'BC', body.org_id, body.config));
  mountCall(app, RULE_CALLS.BM.save, ({ db, principal, body }) => saveRule(db, principal, 'BM', body.org_id, body.config));
  mountCall(app, RULE_CALLS.MK.save, ({ db, principal, body }) => saveRule(db, principal, 'MK', body.org_id, body.config));
  mountCall(app, RULE_CALLS.ltFee.save, ({ db, principal, body }) => saveRule(db, principal, 'ltFee', body.org_id, body.config));
}

/**
 * 薪酬提成 (screens.tsv area employee_pay; docs/employee_pay.md): the monthly pay of course
 * consultants (BC), principals (BM, BMBC), marketers (MK) and teachers (ltFee) computed from the
 * orders, classes, marketing and teaching areas' records, and the locked pay sheets.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  for (const kind of PAY_KINDS) registerKind(app, kind);
  registerRules(app);
}

// Public module: what other areas and the demo seed may call.
export { computeCampus, type ComputedLine } from './compute';
export { lockMonth, adjustLine } from './sheets';
export { saveRule, ruleFor } from './rules';
