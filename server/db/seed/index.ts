import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { SUPER_CODE } from '../../../src/contract/session';
import { hashPassword } from '../../lib/password';
import { nowText } from '../../lib/time';
import type { MenuSeed } from '../../../src/contract/menu-seed';
import { syncMenus } from './menu-sync';
import { withDeclaredScreens } from './declared-menus';
import { RESOURCES } from '../../../src/contract/resources';
import { OPTION_SETS } from './option-sets';
import { ROLES, DEMO_USERS, DEMO_PASSWORD, ADMIN_DEMO_PASSWORD, ORG_TREE, type OrgSeed } from './demo-data';
import '../core-schema';

const MENUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../src/contract/menus');
const DEMO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo');

/** Demo data of the business areas: the files of seed/demo/, each exporting `seed(db)` and an `order`. */
async function runAreaDemoSeeds(db: Kysely<Database>): Promise<void> {
  if (!fs.existsSync(DEMO_DIR)) return;
  const files = fs.readdirSync(DEMO_DIR).filter((f) => /^[a-z0-9_-]+\.ts$/.test(f));
  const mods: { order: number; file: string; seed: (db: Kysely<Database>) => Promise<void> }[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(DEMO_DIR, file)).href)) as { seed?: (db: Kysely<Database>) => Promise<void>; order?: number };
    if (mod.seed) mods.push({ order: mod.order ?? 100, file, seed: mod.seed });
  }
  mods.sort((a, b) => a.order - b.order || a.file.localeCompare(b.file));
  for (const m of mods) await m.seed(db);
}

/** Menu seeds of every area: the files of src/contract/menus/, each exporting `menus` and an `order`, and the declarations' own screens. */
export async function loadMenuSeeds(): Promise<MenuSeed[]> {
  const files = fs.readdirSync(MENUS_DIR).filter((f) => /^[a-z0-9_-]+\.ts$/.test(f));
  const mods: { order: number; file: string; menus: readonly MenuSeed[] }[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(MENUS_DIR, file)).href)) as { menus?: readonly MenuSeed[]; order?: number };
    if (mod.menus) mods.push({ order: mod.order ?? 100, file, menus: mod.menus });
  }
  mods.sort((a, b) => a.order - b.order || a.file.localeCompare(b.file));
  return withDeclaredScreens(
    mods.flatMap((m) => m.menus),
    RESOURCES,
  );
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

async function insertOrgs(db: Kysely<Database>, nodes: readonly OrgSeed[], parent: number, inheritance: string, out: Map<string, number>): Promise<void> {
  const now = nowText();
  for (const [i, o] of nodes.entries()) {
    const row = await db
      .insertInto('organisations')
      .values({
        name: o.name,
        code: o.code,
        parent_id: parent,
        inheritance,
        kind: o.kind,
        order_num: i + 1,
        leader: o.leader ?? null,
        phone: o.phone ?? null,
        address: o.address ?? null,
        remark: null,
        created_at: now,
        updated_at: now,
        created_by: null,
        updated_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.set(o.code, row.id);
    if (o.children) await insertOrgs(db, o.children, row.id, `${inheritance}${row.id}|`, out);
  }
}

/** What every installation needs: option sets, roles, menus with role grants. */
async function seedBase(db: Kysely<Database>): Promise<Map<string, number>> {
  const now = nowText();
  for (const o of OPTION_SETS) {
    await db
      .insertInto('option_sets')
      .values({ code: o.code, name: o.name, value: JSON.stringify(o.items), remark: null, created_at: now, updated_at: now, created_by: null, updated_by: null })
      .execute();
  }
  const roleIds = new Map<string, number>();
  for (const [i, r] of ROLES.entries()) {
    const row = await db
      .insertInto('roles')
      .values({ code: r.code, name: r.name, all_schools: r.allSchools ? 1 : 0, order_num: i + 1, remark: r.remark, created_at: now, updated_at: now, created_by: null, updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(r.code, row.id);
  }
  // Every menu is new here: inserted and granted to the roles named, and to the administrator
  // role too, so role screens show it checked (the same step runs at every start, see bootstrap).
  await syncMenus(db, await loadMenuSeeds());
  return roleIds;
}

async function insertUser(
  db: Kysely<Database>,
  u: { login_id: string; name: string; phone: string | null; sex: number | null; password: string; city: string | null; org_id: number | null; must_change_password: number },
): Promise<number> {
  const now = nowText();
  const row = await db
    .insertInto('users')
    .values({
      login_id: u.login_id,
      name: u.name,
      phone: u.phone,
      email: null,
      sex: u.sex,
      password_hash: await hashPassword(u.password),
      locked_until: null,
      must_change_password: u.must_change_password,
      avatar: null,
      city: u.city,
      org_id: u.org_id,
      remark: null,
      created_at: now,
      updated_at: now,
      created_by: null,
      updated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Demo data on an empty database: organisations, one user per role, grants. */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const roleIds = await seedBase(trx);
    const orgs = new Map<string, number>();
    await insertOrgs(trx, ORG_TREE, 0, '|', orgs);
    for (const u of DEMO_USERS) {
      const id = await insertUser(trx, {
        login_id: u.login_id,
        name: u.name,
        phone: u.phone,
        sex: u.sex,
        password: u.login_id === 'admin' ? ADMIN_DEMO_PASSWORD : DEMO_PASSWORD,
        city: u.city,
        org_id: orgs.get(u.org) ?? null,
        must_change_password: 0,
      });
      for (const code of u.roles) {
        const roleId = roleIds.get(code);
        if (roleId === undefined) throw new Error(`演示数据引用了不存在的角色 ${code}`);
        await trx.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
      }
      for (const school of u.schools) {
        const schoolId = orgs.get(school);
        if (schoolId === undefined) throw new Error(`演示数据引用了不存在的校区 ${school}`);
        await trx.insertInto('user_schools').values({ user_id: id, school_id: schoolId }).execute();
      }
    }
    await runAreaDemoSeeds(trx);
  });
}

/** Production: the base data, a head office, and one administrator who must change the password. */
export async function seedProduction(db: Kysely<Database>, adminPassword: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const roleIds = await seedBase(trx);
    const orgs = new Map<string, number>();
    await insertOrgs(trx, [{ name: '总部', code: 'HQ', kind: 'head' }], 0, '|', orgs);
    const id = await insertUser(trx, {
      login_id: 'admin',
      name: '系统管理员',
      phone: null,
      sex: null,
      password: adminPassword,
      city: null,
      org_id: orgs.get('HQ') ?? null,
      must_change_password: 1,
    });
    await trx.insertInto('user_roles').values({ user_id: id, role_id: roleIds.get(SUPER_CODE) as number }).execute();
  });
}

export { DEMO_USERS, DEMO_PASSWORD, ADMIN_DEMO_PASSWORD, ROLES };
