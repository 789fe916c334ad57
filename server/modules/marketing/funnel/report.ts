import type { Hono } from 'hono';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AppEnv } from '../../../lib/context';
import { mountCall } from '../../../lib/call-routes';
import { ApiError } from '../../../lib/http';
import { whereInScope } from '../../../lib/scope';
import { STUDENT_SOURCES } from '../../../../src/contract/resources/students';
import {
  FUNNEL_STAGES,
  funnelReportCall,
  type FunnelGroup,
  type FunnelReport,
  type FunnelRow,
  type FunnelStage,
} from '../../../../src/contract/marketing-funnel';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;
type AnySelect = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

/** The lead's column of each stage's first time (lead: when it was created; mkt_resource). */
const STAMP: Record<FunnelStage, string> = {
  lead: 'created_at',
  called: 'called_at',
  invited: 'invited_at',
  visited: 'visited_at',
  trial: 'trial_at',
  signed: 'signed_at',
};
/** The channel of a lead is its 来源 (source): 地推, 转介绍, 网络推广, 活动引流 … */
const GROUP_COLUMN: Record<FunnelGroup, string> = { channel: 'source', school: 'school_id', tmk: 'tmk_id', seller: 'seller_id' };
const NO_KEY: Record<FunnelGroup, string> = { channel: '无渠道', school: '无校区', tmk: '未分配电销', seller: '未分配顾问' };
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai as milliseconds (no daylight saving there). */
function msOf(text: unknown): number | null {
  if (typeof text !== 'string' || text.length < 10) return null;
  const t = Date.parse(`${text.slice(0, 10)}T${text.length >= 19 ? text.slice(11, 19) : '00:00:00'}+08:00`);
  return Number.isNaN(t) ? null : t;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  const m = values.length % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  return Math.round(m * 10) / 10;
}

/** Counts, rates and medians of one group's leads, each a list of stage times (null: not reached). */
export function funnelRow(key: number | null, name: string, leads: readonly (readonly (number | null)[])[]): FunnelRow {
  const counts = Object.fromEntries(FUNNEL_STAGES.map((s) => [s, 0])) as Record<FunnelStage, number>;
  const gaps: number[][] = FUNNEL_STAGES.map(() => []);
  for (const times of leads) {
    // a lead that reached a later stage passed the earlier ones, stamped or not (a walk-in visits uncalled)
    let furthest = 0;
    for (let i = FUNNEL_STAGES.length - 1; i >= 0; i--) {
      if (times[i] !== null) {
        furthest = i;
        break;
      }
    }
    for (let i = 0; i <= furthest; i++) counts[FUNNEL_STAGES[i]]++;
    for (let i = 1; i < FUNNEL_STAGES.length; i++) {
      const a = times[i - 1];
      const b = times[i];
      if (a !== null && b !== null) gaps[i].push((b - a) / DAY_MS);
    }
  }
  const rates = {} as FunnelRow['rates'];
  const medianDays = {} as FunnelRow['median_days'];
  for (let i = 1; i < FUNNEL_STAGES.length; i++) {
    const stage = FUNNEL_STAGES[i] as Exclude<FunnelStage, 'lead'>;
    const prev = counts[FUNNEL_STAGES[i - 1]];
    rates[stage] = prev === 0 ? null : Math.round((counts[stage] / prev) * 1000) / 10;
    medianDays[stage] = median(gaps[i]);
  }
  return { key, name, counts, rates, median_days: medianDays };
}

/** Campuses under a city (分公司), through districts: the organisations tree is small. */
async function campusesOfCity(db: Kysely<Database>, cityId: number): Promise<number[]> {
  const orgs = await db.selectFrom('organisations').select(['id', 'parent_id', 'kind']).where('del_flag', '=', 0).execute();
  const children = new Map<number, number[]>();
  for (const o of orgs) {
    const list = children.get(Number(o.parent_id)) ?? [];
    list.push(Number(o.id));
    children.set(Number(o.parent_id), list);
  }
  const kind = new Map(orgs.map((o) => [Number(o.id), o.kind]));
  const out: number[] = [];
  const stack = [cityId];
  while (stack.length) {
    const id = stack.pop() as number;
    if (kind.get(id) === 'school') out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

async function namesOf(db: Kysely<Database>, group: FunnelGroup, keys: number[]): Promise<Map<number, string>> {
  if (keys.length === 0) return new Map();
  const any = anyDb(db);
  let rows: Record<string, unknown>[] = [];
  if (group === 'school') rows = await any.selectFrom('organisations').select(['id', 'name']).where('id', 'in', keys).execute();
  else if (group === 'channel') return new Map(STUDENT_SOURCES.map((o) => [Number(o.value), o.text]));
  else rows = await any.selectFrom('users').select(['id', 'name']).where('id', 'in', keys).execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/**
 * The funnel of the leads created in a date range (a cohort): how many reached each stage, the
 * conversion from the previous stage and the median days between the two stamps, per channel,
 * campus, telemarketer or course consultant, within the caller's campuses. One indexed range read
 * of the lead table's stamp columns; counted here.
 */
export async function funnelReport(db: Kysely<Database>, principal: Parameters<typeof whereInScope>[2], q: {
  group_by: FunnelGroup;
  lead_date_start: string;
  lead_date_end: string;
  school_id?: number;
  city_id?: number;
  channel?: number;
}): Promise<FunnelReport> {
  if (q.lead_date_end < q.lead_date_start) throw new ApiError(400, '结束日期不能早于开始日期');
  const span = (Date.parse(q.lead_date_end) - Date.parse(q.lead_date_start)) / DAY_MS;
  if (span > MAX_DAYS) throw new ApiError(400, `日期范围不能超过 ${MAX_DAYS} 天`);
  const groupCol = GROUP_COLUMN[q.group_by];
  let qb = anyDb(db)
    .selectFrom('mkt_resource')
    .where('del_flag', '=', 0)
    .where('created_at', '>=', `${q.lead_date_start} 00:00:00`)
    .where('created_at', '<=', `${q.lead_date_end} 23:59:59`) as unknown as AnySelect;
  qb = whereInScope(qb, 'school_id', principal);
  if (q.school_id) qb = qb.where('school_id', '=', q.school_id);
  if (q.city_id) {
    const campuses = await campusesOfCity(db, q.city_id);
    qb = qb.where('school_id', 'in', campuses.length ? campuses : [-1]);
  }
  if (q.channel) qb = qb.where('source', '=', q.channel);
  const rows = await qb.select([`${groupCol} as g`, ...FUNNEL_STAGES.map((s) => STAMP[s])]).execute();
  const groups = new Map<number | null, (number | null)[][]>();
  const all: (number | null)[][] = [];
  for (const r of rows) {
    const key = r.g === null || r.g === undefined ? null : Number(r.g);
    const times = FUNNEL_STAGES.map((s) => msOf(r[STAMP[s]]));
    all.push(times);
    const list = groups.get(key) ?? [];
    list.push(times);
    groups.set(key, list);
  }
  const names = await namesOf(db, q.group_by, [...groups.keys()].filter((k): k is number => k !== null));
  const out = [...groups.entries()].map(([key, leads]) => funnelRow(key, key === null ? NO_KEY[q.group_by] : (names.get(key) ?? `#${key}`), leads));
  out.sort((a, b) => b.counts.lead - a.counts.lead || (a.key ?? 0) - (b.key ?? 0));
  return { group_by: q.group_by, rows: out, total: funnelRow(null, '合计', all) };
}

export function registerReport(app: Hono<AppEnv>): void {
  mountCall(app, funnelReportCall, ({ db, principal, query }) => funnelReport(db, principal, query));
}
