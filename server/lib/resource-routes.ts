import type { Context, Hono } from 'hono';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  BASE_COLUMNS,
  DEL_FLAG_COLUMN,
  isLocked,
  lockedMessage,
  actionIdsSchema,
  actionPath,
  actionPerm,
  fieldSchema,
  type ActionDef,
  SCHOOL_COLUMN,
  bodySchema,
  callPath,
  idListSchema,
  idQuerySchema,
  permCode,
  type ResourceDef,
} from '../../src/contract/resource';
import { PAGE_LABELS, pageQuerySchema, parseSort } from '../../src/contract/paging';
import type { TreeNode } from '../../src/contract/menu';
import type { Database } from '../db/schema';
import { countQuery, isUniqueViolation, likeInsensitive, likePattern, rowJson, uniqueViolationColumns } from '../db/dialect';
import type { AppEnv, Principal } from './context';
import { ApiError, notFound, ok, okPage } from './http';
import { assertPerm } from './auth';
import { check, formObject, queryObject, readJson } from './validate';
import { CAMPUS, requireFieldRefs, requireInScope, schoolScope } from './scope';
import { nowText } from './time';
import { isExportRequest, runListExport } from './export-hook';
import { postRead } from './tx';
import { tableVersionColumn } from '../db/table-versions';
import { gramCondition, searchGram } from '../db/search-grams';
import { cachedPlan, filterValue, likeIsWhole, schoolIdsOf, planOf, rangeEnd, rememberPlan, rowJsonColumns, runJsonPlan, runPlan } from './page-plan';
import { checkTreeParent, nestTree, refuseWithChildren } from './resource-tree';
import { diffRow, writeAudit, type RowChange } from './audit';
import { areaOfResource } from '../../src/contract/resources';
import { labelledPage, refJoins, refJsonColumns, refuseInUse, withRefLabels } from './resource-refs';
import { keepMaskedFields, maskChanges, maskRows, maskedJsonColumns } from './mask';
import { exclusiveConflict, exclusiveProblem } from '../../src/contract/search';

/** Rows of a declared table, seen without a static type. */
export type Row = Record<string, unknown> & { id: number };
export type AnyDB = Record<string, Record<string, unknown>>;
export type AnySelect = SelectQueryBuilder<AnyDB, string, Row>;

export interface ResourceCtx {
  c: Context<AppEnv>;
  db: Kysely<Database>;
  principal: Principal;
  def: ResourceDef;
}

export interface ResourceHooks {
  /** may change `row` before it is written; throw ApiError to refuse */
  beforeWrite?(ctx: ResourceCtx, row: Record<string, unknown>, mode: 'add' | 'update', existing?: Row): void | Promise<void>;
  afterWrite?(ctx: ResourceCtx, row: Row, mode: 'add' | 'update'): void | Promise<void>;
  /** e.g. refuse deleting what is in use with a Chinese message */
  beforeDelete?(ctx: ResourceCtx, ids: number[]): void | Promise<void>;
  /** extra filters or joins of the page call (the base table is aliased by its own name) */
  extendPage?(qb: AnySelect, query: Record<string, string>, ctx: ResourceCtx): AnySelect | Promise<AnySelect>;
  /**
   * With extendPage: whether these parameters leave the page as declared (extendPage adds nothing
   * for them), so the compiled page plan may serve it (see page-plan.ts). Default: never.
   */
  plannable?(query: Record<string, string>): boolean;
  mapRow?(row: Row, ctx: ResourceCtx): Row | Promise<Row>;
  /**
   * The campus of a new row that belongs to another one (a student's record takes the student's
   * campus): asked when the body names none, before the campus is checked. Undefined: as before.
   */
  schoolOf?(ctx: ResourceCtx, row: Record<string, unknown>): Promise<number | undefined> | number | undefined;
  /**
   * Whether the caller may read this row by its id although its campus is outside their scope
   * (the `get` call only): e.g. an approver of the row's approval (the workflow's takesPart).
   * Anyone else is answered exactly as for a missing row.
   */
  readsOutOfScope?(ctx: ResourceCtx, id: number): boolean | Promise<boolean>;
  /**
   * May refuse a declared action on these rows (found in scope) with this value; may answer further
   * columns the action stamps with its value (a notice's publish_time and publisher), written in
   * the same update and logged with it.
   */
  beforeAction?(ctx: ResourceCtx, action: ActionDef, rows: Row[], value: unknown): void | Record<string, unknown> | Promise<void | Record<string, unknown>>;
  /**
   * Runs after a declared action's update, in its transaction, with the rows as they were and the
   * columns written: what the state change sets off (a published notice's messages); what it answers
   * joins the action's answer.
   */
  afterAction?(ctx: ResourceCtx, action: ActionDef, rows: Row[], written: Record<string, unknown>): void | Record<string, unknown> | Promise<void | Record<string, unknown>>;
}

function anyDb(db: Kysely<Database>): Kysely<AnyDB> {
  return db as unknown as Kysely<AnyDB>;
}

function knownColumns(def: ResourceDef): Set<string> {
  const cols = new Set<string>([...BASE_COLUMNS, ...Object.keys(def.fields)]);
  if (def.scope === 'school') cols.add(SCHOOL_COLUMN);
  if (def.softDelete) cols.add(DEL_FLAG_COLUMN);
  return cols;
}

function ctxOf(c: Context<AppEnv>, def: ResourceDef): ResourceCtx {
  return { c, db: c.var.db, principal: c.var.principal, def };
}

/** The scoped base query of a resource: school scope and (unless asked) soft-deleted rows hidden. */
export function scopedSelect(ctx: ResourceCtx, includeDeleted = false): AnySelect {
  const { def, principal } = ctx;
  let qb = anyDb(ctx.db).selectFrom(def.table).selectAll(def.table) as unknown as AnySelect;
  if (def.scope === 'school') {
    const scope = schoolScope(principal);
    if (scope !== undefined) {
      qb = scope.length === 0 ? qb.where(sql<boolean>`1 = 0`) : qb.where(sql.ref(`${def.table}.${SCHOOL_COLUMN}`), 'in', [...scope]);
    }
  }
  if (def.softDelete && !includeDeleted) qb = qb.where(sql.ref(`${def.table}.${DEL_FLAG_COLUMN}`), '=', 0);
  return qb;
}

/**
 * Applies the declared search filters (eq, like, in, range) and `school_id`. `scope`: the caller's
 * campuses (undefined: every campus), which narrow a `grams` field's index lookup as well.
 */
export function applyFilters(def: ResourceDef, qb: AnySelect, query: Record<string, string>, scope?: readonly number[]): AnySelect {
  const t = def.table;
  for (const [key, field] of Object.entries(def.fields)) {
    if (!field.search) continue;
    const ref = sql.ref(`${t}.${key}`);
    if (field.search === 'range') {
      const start = query[`${key}_start`];
      const end = query[`${key}_end`];
      if (start) qb = qb.where(ref, '>=', filterValue(field, start));
      if (end) qb = qb.where(ref, '<=', filterValue(field, rangeEnd(field, end)));
      continue;
    }
    const raw = query[key];
    if (raw === undefined || raw === '') continue;
    if (field.search === 'like' && !likeIsWhole(field, raw)) {
      const gram = field.grams ? searchGram(raw) : undefined;
      if (gram !== undefined) qb = qb.where(gramCondition(def, key, gram, scope));
      qb = qb.where(likeInsensitive(ref, likePattern(raw)));
    } else if (field.search === 'in') {
      const values = raw.split(',').filter((v) => v !== '').map((v) => filterValue(field, v));
      if (values.length > 0) qb = qb.where(ref, 'in', values);
    } else {
      qb = qb.where(ref, '=', filterValue(field, raw));
    }
  }
  if (def.scope === 'school' && query[SCHOOL_COLUMN]) {
    const ids = schoolIdsOf(query[SCHOOL_COLUMN]);
    qb = qb.where(sql.ref(`${t}.${SCHOOL_COLUMN}`), 'in', ids);
  }
  return qb;
}

/** Validated `sort` → order by (plus id for a stable order). */
export function applySort(def: ResourceDef, qb: AnySelect, sort: string | undefined, known = knownColumns(def)): AnySelect {
  const spec = parseSort(sort ?? def.defaultSort ?? 'id desc');
  if (spec && !known.has(spec.prop)) throw new ApiError(400, `不支持按 ${spec.prop} 排序`);
  if (!spec) return qb.orderBy(sql.ref(`${def.table}.id`), 'desc');
  let out = qb.orderBy(sql.ref(`${def.table}.${spec.prop}`), spec.desc ? 'desc' : 'asc');
  if (spec.prop !== 'id') out = out.orderBy(sql.ref(`${def.table}.id`), spec.desc ? 'desc' : 'asc');
  return out;
}

/** Rows as the caller is answered: the hook's mapping, then masked columns (server/lib/mask.ts). */
async function mapRows(rows: Row[], ctx: ResourceCtx, hooks: ResourceHooks): Promise<Row[]> {
  if (!hooks.mapRow) return maskRows(ctx.def, ctx.principal, rows);
  const out: Row[] = [];
  for (const r of rows) out.push(await hooks.mapRow(r, ctx));
  return maskRows(ctx.def, ctx.principal, out);
}

export async function findInScope(ctx: ResourceCtx, id: number, includeDeleted = false): Promise<Row> {
  const row = await scopedSelect(ctx, includeDeleted).where(sql.ref(`${ctx.def.table}.id`), '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A row's campus must be in the caller's scope and must exist (an all-campus user could name any id). */
async function assertSchoolUsable(ctx: ResourceCtx, schoolId: number): Promise<void> {
  await requireInScope(ctx.db, ctx.principal, CAMPUS, schoolId, '校区');
}

async function checkUnique(ctx: ResourceCtx, row: Record<string, unknown>, id?: number): Promise<void> {
  for (const [key, field] of Object.entries(ctx.def.fields)) {
    if (!field.unique || row[key] === undefined || row[key] === null || row[key] === '') continue;
    let q = anyDb(ctx.db).selectFrom(ctx.def.table).select('id').where(key, '=', row[key]);
    if (id !== undefined) q = q.where('id', '!=', id);
    if (await q.executeTakeFirst()) throw new ApiError(409, `${field.label}已存在`);
  }
}

const VERBS = { add: '新增', update: '编辑', delete: '删除', recover: '恢复' } as const;

/** The audit entry of a declared write, in the writing transaction (server/lib/audit.ts). */
function audit(ctx: ResourceCtx, call: keyof typeof VERBS | ActionDef, changes: RowChange[]): Promise<void> {
  const { def } = ctx;
  const action = typeof call === 'object' ? call : undefined;
  return writeAudit(ctx.db, ctx.principal, {
    area: areaOfResource(def.name),
    call: action ? `${def.name}/${action.name}` : (callPath(def, call as keyof typeof VERBS) ?? `${def.name}/${String(call)}`),
    title: action ? `${action.label}（${def.title}）` : `${VERBS[call as keyof typeof VERBS]}${def.title}`,
    table: def.table,
    ids: changes.map((c) => c.id).filter((id): id is number => id !== null),
    // the log is read as it is stored, by whoever holds 操作日志: masked columns are kept masked there
    changes: maskChanges(def, changes),
  });
}

/**
 * The answer to a unique index refusing a write (two writes of one value at once passed
 * checkUnique together): the field the database names, as checkUnique would have said.
 */
function uniqueMessage(def: ResourceDef, err: unknown): string {
  const said = uniqueViolationColumns(err);
  const unique = Object.entries(def.fields).filter(([, f]) => f.unique);
  const hit = unique.find(([key]) => said.columns.includes(key) || said.constraint === `uq_${def.table}_${key}`) ?? unique[0];
  return hit ? `${hit[1].label}已存在` : '记录已存在';
}

// ---------------------------------------------------------------------------------------------
// The declared writes: every add, update, delete, recover and action of a declaration goes through
// one of these (validation done, permission checked), so what every write must do is done here once.
// ---------------------------------------------------------------------------------------------

/** Adds one row from a validated body: campus, relations, hooks, unique keys, stamps. */
export async function addRow(ctx: ResourceCtx, hooks: ResourceHooks, body: Record<string, unknown>): Promise<Row> {
  const { def } = ctx;
  const row: Record<string, unknown> = { ...body };
  if (def.scope === 'school') {
    if ((row[SCHOOL_COLUMN] === undefined || row[SCHOOL_COLUMN] === null) && hooks.schoolOf) row[SCHOOL_COLUMN] = (await hooks.schoolOf(ctx, row)) ?? null;
    if (row[SCHOOL_COLUMN] === undefined || row[SCHOOL_COLUMN] === null) {
      const mine = ctx.principal.schoolIds;
      if (mine.length !== 1) throw new ApiError(400, '请选择校区');
      row[SCHOOL_COLUMN] = mine[0];
    }
    await assertSchoolUsable(ctx, Number(row[SCHOOL_COLUMN]));
  }
  if (def.softDelete) row[DEL_FLAG_COLUMN] = 0;
  keepMaskedFields(def, row);
  await requireFieldRefs(ctx.db, ctx.principal, def, row);
  await checkTreeParent(ctx.db as unknown as Kysely<unknown>, def, row, 'add');
  await hooks.beforeWrite?.(ctx, row, 'add');
  await checkUnique(ctx, row);
  const now = nowText();
  Object.assign(row, { created_at: now, updated_at: now, created_by: ctx.principal.userId, updated_by: ctx.principal.userId });
  let saved: Row;
  try {
    saved = (await anyDb(ctx.db).insertInto(def.table).values(row).returningAll().executeTakeFirstOrThrow()) as Row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, uniqueMessage(def, err));
    throw err;
  }
  await hooks.afterWrite?.(ctx, saved, 'add');
  await audit(ctx, 'add', [diffRow(saved.id, null, saved)]);
  return (await mapRows([saved], ctx, hooks))[0];
}

/** Updates one row in scope from a validated body (absent fields keep their value). */
export async function updateRow(ctx: ResourceCtx, hooks: ResourceHooks, body: Record<string, unknown>): Promise<Row> {
  const { def } = ctx;
  const id = Number(body.id);
  const existing = await findInScope(ctx, id);
  refuseLocked(def, [existing]);
  const row: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k !== 'id' && v !== undefined) row[k] = v;
  if (def.scope === 'school' && row[SCHOOL_COLUMN] !== undefined) await assertSchoolUsable(ctx, Number(row[SCHOOL_COLUMN]));
  // a masked value sent back unchanged keeps the stored one
  keepMaskedFields(def, row, existing);
  await requireFieldRefs(ctx.db, ctx.principal, def, row);
  await checkTreeParent(ctx.db as unknown as Kysely<unknown>, def, row, 'update', id);
  await hooks.beforeWrite?.(ctx, row, 'update', existing);
  await checkUnique(ctx, row, id);
  Object.assign(row, { updated_at: nowText(), updated_by: ctx.principal.userId });
  let saved: Row;
  try {
    saved = (await anyDb(ctx.db).updateTable(def.table).set(row).where('id', '=', id).returningAll().executeTakeFirstOrThrow()) as Row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, uniqueMessage(def, err));
    throw err;
  }
  await hooks.afterWrite?.(ctx, saved, 'update');
  await audit(ctx, 'update', [diffRow(id, existing, saved)]);
  return (await mapRows([saved], ctx, hooks))[0];
}

/** Final rows (the declaration's lockedWhen) are neither updated nor deleted. */
function refuseLocked(def: ResourceDef, rows: readonly Row[]): void {
  const rule = def.lockedWhen;
  const locked = rule ? rows.find((r) => isLocked(def, r)) : undefined;
  if (rule && locked) throw new ApiError(409, lockedMessage(rule, locked));
}

/** Ids that must all be in the caller's scope (one outside answers as missing); answers the rows. */
export async function rowsInScope(ctx: ResourceCtx, ids: readonly number[], includeDeleted = false): Promise<Row[]> {
  const found = await scopedSelect(ctx, includeDeleted).where(sql.ref(`${ctx.def.table}.id`), 'in', [...ids]).execute();
  if (found.length !== ids.length) throw notFound();
  return found;
}

/** Deletes rows in scope (soft when declared), unless a hook or a live relation refuses. */
export async function deleteRows(ctx: ResourceCtx, hooks: ResourceHooks, ids: number[]): Promise<number> {
  const { def } = ctx;
  const found = await rowsInScope(ctx, ids);
  refuseLocked(def, found);
  await refuseWithChildren(ctx.db as unknown as Kysely<unknown>, def, ids);
  await hooks.beforeDelete?.(ctx, ids);
  await refuseInUse(ctx.db as unknown as Kysely<unknown>, def, ids);
  if (def.softDelete) {
    await anyDb(ctx.db)
      .updateTable(def.table)
      .set({ [DEL_FLAG_COLUMN]: 1, updated_at: nowText(), updated_by: ctx.principal.userId })
      .where('id', 'in', ids)
      .execute();
  } else {
    await anyDb(ctx.db).deleteFrom(def.table).where('id', 'in', ids).execute();
  }
  await audit(ctx, 'delete', found.map((r) => (def.softDelete ? { id: r.id, before: { [DEL_FLAG_COLUMN]: 0 }, after: { [DEL_FLAG_COLUMN]: 1 } } : diffRow(r.id, r, null))));
  return ids.length;
}

/** Recovers soft-deleted rows in scope. */
export async function recoverRows(ctx: ResourceCtx, ids: number[]): Promise<number> {
  const { def } = ctx;
  await rowsInScope(ctx, ids, true);
  await anyDb(ctx.db)
    .updateTable(def.table)
    .set({ [DEL_FLAG_COLUMN]: 0, updated_at: nowText(), updated_by: ctx.principal.userId })
    .where('id', 'in', ids)
    .execute();
  await audit(ctx, 'recover', ids.map((id) => ({ id, before: { [DEL_FLAG_COLUMN]: 1 }, after: { [DEL_FLAG_COLUMN]: 0 } })));
  return ids.length;
}

/** The value an action sets: its fixed value, or the body's, validated by the column's field. */
function actionValue(def: ResourceDef, action: ActionDef, body: Record<string, unknown>): string | number | null {
  if (action.value !== undefined) return action.value;
  const field = def.fields[action.column];
  const parsed = fieldSchema({ ...field, required: true }).safeParse(body[action.column]);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? `${field.label}格式不正确`);
  if (action.buttons && !action.buttons.some((b) => String(b.value) === String(parsed.data))) throw new ApiError(400, `${field.label}的取值不在可选范围内`);
  return parsed.data;
}

/** Runs a declared one-column action: ids in scope, the value checked, one update with stamps (and the hooks' further columns). */
export async function runAction(ctx: ResourceCtx, hooks: ResourceHooks, action: ActionDef, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { def } = ctx;
  const ids = [...new Set(check(actionIdsSchema, body))];
  const value = actionValue(def, action, body);
  const rows = await rowsInScope(ctx, ids);
  await requireFieldRefs(ctx.db, ctx.principal, def, { [action.column]: value });
  const stamped = (await hooks.beforeAction?.(ctx, action, rows, value)) ?? {};
  const written: Record<string, unknown> = { ...stamped, [action.column]: value };
  await anyDb(ctx.db)
    .updateTable(def.table)
    .set({ ...written, updated_at: nowText(), updated_by: ctx.principal.userId })
    .where('id', 'in', ids)
    .execute();
  const keys = Object.keys(written);
  await audit(ctx, action, rows.map((r) => diffRow(r.id, Object.fromEntries(keys.map((k) => [k, r[k]])), written)));
  const more = (await hooks.afterAction?.(ctx, action, rows, written)) ?? {};
  const answer: Record<string, unknown> = { count: ids.length, ids, [action.column]: value, ...more };
  if (body.id !== undefined && body.ids === undefined) answer.id = ids[0];
  return answer;
}

/** Mounts the standard calls of a declaration (paths under /api/v1, as callPath names them). */
const mounted = new WeakMap<Hono<AppEnv>, Set<string>>();

/** Whether a module already mounted this declaration on the app (the app mounts the rest plainly). */
export function isMounted(app: Hono<AppEnv>, name: string): boolean {
  return mounted.get(app)?.has(name) ?? false;
}

export function mountResource(app: Hono<AppEnv>, def: ResourceDef, hooks: ResourceHooks = {}): void {
  const names = mounted.get(app) ?? new Set<string>();
  names.add(def.name);
  mounted.set(app, names);
  const pathOf = (call: Parameters<typeof callPath>[1]): string | undefined => {
    const p = callPath(def, call);
    return p === undefined ? undefined : `/api/v1/${p}`;
  };
  const known = knownColumns(def);
  refJoins(def); // an unknown relation target fails at start, not at the first call
  const exclusive = exclusiveProblem(def);
  if (exclusive) throw new Error(exclusive);

  const page = pathOf('page');
  if (page) {
    const handler = async (c: Context<AppEnv>): Promise<Response> => {
      const params = c.req.method === 'GET' ? queryObject(c) : await formObject(c);
      const ctx = ctxOf(c, def);
      const paging = check(pageQuerySchema, params, PAGE_LABELS);
      const conflict = exclusiveConflict(def, params);
      if (conflict) throw new ApiError(400, conflict);
      const includeDeleted = def.softDelete === true && params[DEL_FLAG_COLUMN] === '1';
      const exporting = isExportRequest(params);
      // The usual case: a shape seen before runs its compiled statements (see page-plan.ts).
      const declaredOnly = !hooks.extendPage || hooks.plannable?.(params) === true;
      const plan = !declaredOnly || exporting ? undefined : planOf(def, ctx.principal, params, includeDeleted, paging.sort, paging.rows);
      const offset = (paging.page - 1) * paging.rows;
      const cached = plan && cachedPlan(plan.key);
      if (plan && cached) {
        const db = ctx.db as unknown as Kysely<unknown>;
        // only planned for calls that answer rows unchanged (no mapRow, see rememberPlan below)
        if (cached.jsonSql !== undefined) {
          const { totalSize, rowJson: rendered } = await runJsonPlan(db, def.table, cached, cached.jsonSql, plan, offset);
          return okPage(c, rendered, totalSize);
        }
        const { totalSize, rows } = await runPlan(db, def.table, cached, plan, offset);
        return ok(c, { content: await mapRows(rows as Row[], ctx, hooks), totalSize });
      }
      let qb = scopedSelect(ctx, includeDeleted);
      if (includeDeleted) qb = qb.where(sql.ref(`${def.table}.${DEL_FLAG_COLUMN}`), '=', 1);
      qb = applyFilters(def, qb, params, def.scope === 'school' ? schoolScope(ctx.principal) : undefined);
      if (hooks.extendPage && !declaredOnly) qb = await hooks.extendPage(qb, params, ctx);
      // the relations' labels join after the count is taken from qb (they change no count), and
      // after paging: only the page's rows are joined (resource-refs.ts labelledPage)
      const sorted = applySort(def, qb, paging.sort, known);
      const resort = (q: AnySelect): AnySelect => applySort(def, q, paging.sort, known);
      if (exporting) {
        return runListExport({
          c,
          def,
          title: def.title,
          params,
          fetchRows: async (limit) => mapRows(await labelledPage(def, anyDb(ctx.db), sorted.limit(limit), resort).execute(), ctx, hooks),
        });
      }
      const counted = countQuery(qb);
      const paged = labelledPage(def, anyDb(ctx.db), sorted.limit(paging.rows).offset(offset), resort);
      if (plan && cached === undefined) {
        const jsonPage = hooks.mapRow
          ? undefined
          : paged
              .clearSelect()
              .select([
                rowJson(def.table, await rowJsonColumns(ctx.db as unknown as Kysely<unknown>, def.table), maskedJsonColumns(def, ctx.principal, refJsonColumns(def))).as('j'),
                tableVersionColumn(def.table).as('v'),
              ])
              .compile();
        rememberPlan(plan, counted.compile(), paged.compile(), [...plan.values, offset], jsonPage);
      }
      const totalSize = Number((await counted.executeTakeFirst())?.n ?? 0);
      const rows = await paged.execute();
      return ok(c, { content: await mapRows(rows, ctx, hooks), totalSize });
    };
    // A form-encoded search only reads: it needs no request transaction (nor its BEGIN/COMMIT).
    if (def.pageMethod === 'POST_FORM') postRead(app, page, handler);
    else app.get(page, handler);
  }

  const get = pathOf('get');
  if (get) {
    app.get(get, async (c) => {
      const { id } = check(idQuerySchema, queryObject(c));
      const ctx = ctxOf(c, def);
      let row = await withRefLabels(def, scopedSelect(ctx)).where(sql.ref(`${def.table}.id`), '=', id).executeTakeFirst();
      if (!row && hooks.readsOutOfScope && (await hooks.readsOutOfScope(ctx, id))) {
        let all = anyDb(ctx.db).selectFrom(def.table).selectAll(def.table) as unknown as AnySelect;
        if (def.softDelete) all = all.where(sql.ref(`${def.table}.${DEL_FLAG_COLUMN}`), '=', 0);
        row = await withRefLabels(def, all).where(sql.ref(`${def.table}.id`), '=', id).executeTakeFirst();
      }
      if (!row) throw notFound();
      return ok(c, (await mapRows([row], ctx, hooks))[0]);
    });
  }

  const add = pathOf('add');
  if (add) {
    app.post(add, async (c) => {
      assertPerm(c.var.principal, permCode(def, 'add'));
      const ctx = ctxOf(c, def);
      const body = check(bodySchema(def, 'add'), await readJson(c), labelsOf(def));
      return ok(c, await addRow(ctx, hooks, body));
    });
  }

  const update = pathOf('update');
  if (update) {
    app.post(update, async (c) => {
      assertPerm(c.var.principal, permCode(def, 'update'));
      const ctx = ctxOf(c, def);
      const body = check(bodySchema(def, 'update'), await readJson(c), labelsOf(def));
      return ok(c, await updateRow(ctx, hooks, body));
    });
  }

  const del = pathOf('delete');
  if (del) {
    app.post(del, async (c) => {
      assertPerm(c.var.principal, permCode(def, 'delete'));
      const ctx = ctxOf(c, def);
      const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
      return ok(c, { count: await deleteRows(ctx, hooks, ids) });
    });
  }

  const recover = pathOf('recover');
  if (recover) {
    app.post(recover, async (c) => {
      assertPerm(c.var.principal, permCode(def, 'recover'));
      const ctx = ctxOf(c, def);
      const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
      return ok(c, { count: await recoverRows(ctx, ids) });
    });
  }

  for (const action of def.actions ?? []) {
    if (!def.fields[action.column]) throw new Error(`${def.name}.${action.name}: 字段 ${action.column} 未声明`);
    app.post(`/api/v1/${actionPath(def, action)}`, async (c) => {
      assertPerm(c.var.principal, actionPerm(def, action));
      const raw = await readJson(c);
      const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { ids: raw };
      return ok(c, await runAction(ctxOf(c, def), hooks, action, body));
    });
  }

  const tree = pathOf('tree');
  if (tree && def.tree) {
    const { parent, text } = def.tree;
    app.get(tree, async (c) => {
      const ctx = ctxOf(c, def);
      const rows = await applySort(def, scopedSelect(ctx), 'id', known).execute();
      return ok(c, buildTree(maskRows(def, ctx.principal, rows), parent, text));
    });
  }
}

export function labelsOf(def: ResourceDef): Record<string, string> {
  const out: Record<string, string> = { id: 'id', [SCHOOL_COLUMN]: '校区' };
  for (const [k, f] of Object.entries(def.fields)) out[k] = f.label;
  return out;
}

/** The declared tree call's answer: rows nested by the parent column, each row as the node's tag. */
export function buildTree(rows: Row[], parentKey: string, textKey: string): TreeNode<Row>[] {
  return nestTree(
    rows,
    (r) => r.id,
    (r) => (r[parentKey] === null || r[parentKey] === undefined ? Number.NaN : Number(r[parentKey])),
    (r) => ({ id: r.id, text: String(r[textKey] ?? ''), parent: (r[parentKey] as number | null) ?? null, nodes: [], tag: r }),
  );
}

