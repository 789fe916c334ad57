import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { inScope, schoolScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { isUniqueViolation } from '../../db/dialect';
import { DEFAULT_RULES, RULE_SCHEMAS, type RuleAnswer, type RuleConfigs, type RuleKind } from '../../../src/contract/employee_pay';
import './schema';
import '../../db/core-schema';

type Db = Kysely<Database>;

/**
 * The rule of a kind that applies at a campus: the campus's own, else its city's, else the
 * built-in default (DEFAULT_RULES). A stored rule that no longer parses (an older shape) falls
 * back the same way rather than failing the month.
 */
export async function ruleFor<K extends RuleKind>(db: Db, kind: K, schoolId: number): Promise<RuleAnswer<K>> {
  const campus = await db.selectFrom('organisations').select(['id', 'name', 'parent_id']).where('id', '=', schoolId).executeTakeFirst();
  const city = campus ? await db.selectFrom('organisations').select(['id', 'name', 'kind']).where('id', '=', campus.parent_id).executeTakeFirst() : undefined;
  const orgs = [campus ? { id: Number(campus.id), name: campus.name, level: 'campus' as const } : undefined, city && city.kind === 'city' ? { id: Number(city.id), name: city.name, level: 'city' as const } : undefined].filter(
    (o): o is { id: number; name: string; level: 'campus' | 'city' } => o !== undefined,
  );
  if (orgs.length > 0) {
    const rows = await db.selectFrom('pay_rule').selectAll().where('kind', '=', kind).where('org_id', 'in', orgs.map((o) => o.id)).execute();
    for (const org of orgs) {
      const row = rows.find((r) => Number(r.org_id) === org.id);
      if (!row) continue;
      const parsed = RULE_SCHEMAS[kind].safeParse(JSON.parse(row.config));
      if (parsed.success) return { kind, level: org.level, org_id: org.id, org_name: org.name, config: parsed.data as RuleConfigs[K], updated_at: row.updated_at };
    }
  }
  return { kind, level: 'default', org_id: null, org_name: null, config: DEFAULT_RULES[kind], updated_at: null };
}

/**
 * Keeps a kind's rule on a campus of the caller, or on a city for a caller who reaches every
 * campus (a city rule applies to campuses of other people too). Rules change future figures only:
 * a locked month keeps the rules it was computed with.
 */
export async function saveRule<K extends RuleKind>(db: Db, principal: Principal, kind: K, orgId: number, config: RuleConfigs[K]): Promise<RuleAnswer<K>> {
  const org = await db.selectFrom('organisations').select(['id', 'kind']).where('id', '=', orgId).where('del_flag', '=', 0).executeTakeFirst();
  const reachable = org !== undefined && ((org.kind === 'school' && inScope(principal, orgId)) || (org.kind === 'city' && schoolScope(principal) === undefined));
  if (!reachable) throw new ApiError(404, '校区或城市不存在或无权访问');
  const now = nowText();
  const text = JSON.stringify(config);
  const existing = await db.selectFrom('pay_rule').select('id').where('org_id', '=', orgId).where('kind', '=', kind).executeTakeFirst();
  try {
    if (existing) await db.updateTable('pay_rule').set({ config: text, updated_at: now, updated_by: principal.userId }).where('id', '=', existing.id).execute();
    else await db.insertInto('pay_rule').values({ org_id: orgId, kind, config: text, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId }).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, '规则正在被他人修改，请刷新后重试');
    throw err;
  }
  const name = await db.selectFrom('organisations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow();
  return { kind, level: org.kind === 'city' ? 'city' : 'campus', org_id: orgId, org_name: name.name, config, updated_at: now };
}
