import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ApproverRule } from '../../../src/contract/workflow-tree';
import { SUPER_CODE } from '../../../src/contract/session';
import '../../db/core-schema';

export interface Person {
  id: number;
  name: string;
}

/** Who an instance is about: the applicant and the campus it belongs to. */
export interface RuleContext {
  applicantId: number;
  schoolId: number | null;
}

/** Active staff only: a user who left (deleted or disabled) is never an approver. */
function activeUsers(db: Kysely<Database>) {
  return db.selectFrom('users').select(['users.id', 'users.name']).where('users.del_flag', '=', 0).where('users.state', '=', 1);
}

/** Holders of a role who work in the campus (or whose role reaches every campus); any campus when none is given. */
async function roleHolders(db: Kysely<Database>, roleCode: string, schoolId: number | null): Promise<Person[]> {
  let qb = activeUsers(db)
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .where('roles.code', '=', roleCode)
    .where('roles.state', '=', 1);
  if (schoolId !== null) {
    qb = qb.where((eb) => eb.or([eb('roles.all_schools', '=', 1), eb.exists(eb.selectFrom('user_schools').select('user_schools.id').whereRef('user_schools.user_id', '=', 'users.id').where('user_schools.school_id', '=', schoolId))]));
  }
  return dedupe(await qb.orderBy('users.id').execute());
}

function dedupe(rows: readonly Person[]): Person[] {
  const seen = new Map<number, Person>();
  for (const r of rows) if (!seen.has(r.id)) seen.set(r.id, { id: r.id, name: r.name });
  return [...seen.values()];
}

/**
 * The applicant's superior: walking up from the applicant's organisation, the first of: the
 * organisation's 负责人 (matched to an active user by name), or for a campus its principals; the
 * applicant themselves never counts. Without an organisation, the principals of the instance's campus.
 */
async function superiors(db: Kysely<Database>, ctx: RuleContext): Promise<Person[]> {
  const applicant = await db.selectFrom('users').select(['org_id']).where('id', '=', ctx.applicantId).executeTakeFirst();
  let orgId = applicant?.org_id ?? null;
  if (orgId === null) return (await roleHolders(db, 'principal', ctx.schoolId)).filter((p) => p.id !== ctx.applicantId);
  for (let hops = 0; orgId !== null && orgId > 0 && hops < 20; hops += 1) {
    const org = await db.selectFrom('organisations').select(['id', 'parent_id', 'kind', 'leader']).where('id', '=', orgId).where('del_flag', '=', 0).executeTakeFirst();
    if (!org) break;
    if (org.leader) {
      const leaders = (await activeUsers(db).where('users.name', '=', org.leader).execute()).filter((p) => p.id !== ctx.applicantId);
      if (leaders.length > 0) return dedupe(leaders);
    }
    if (org.kind === 'school') {
      const principals = (await roleHolders(db, 'principal', org.id)).filter((p) => p.id !== ctx.applicantId);
      if (principals.length > 0) return principals;
    }
    orgId = org.parent_id;
  }
  return [];
}

/** The people a rule names for an instance; empty when nobody fits (the administrators take over). */
export async function resolveRule(db: Kysely<Database>, rule: ApproverRule | undefined, ctx: RuleContext): Promise<Person[]> {
  if (!rule) return [];
  switch (rule.kind) {
    case 'user':
      if (rule.user_ids.length === 0) return [];
      return dedupe(await activeUsers(db).where('users.id', 'in', rule.user_ids).orderBy('users.id').execute()).sort((a, b) => rule.user_ids.indexOf(a.id) - rule.user_ids.indexOf(b.id));
    case 'role':
      return roleHolders(db, rule.role_code, ctx.schoolId);
    case 'principal':
      return roleHolders(db, 'principal', ctx.schoolId);
    case 'superior':
      return superiors(db, ctx);
  }
}

/** The administrators (RC999): they receive the tasks nobody else can take. */
export async function administrators(db: Kysely<Database>): Promise<Person[]> {
  return roleHolders(db, SUPER_CODE, null);
}
