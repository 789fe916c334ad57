import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { SUPER_CODE } from '../../../src/contract/session';
import { RENAMED_SCREEN_KEYS } from '../../../src/contract/areas';
import { nowText } from '../../lib/time';
import type { MenuSeed } from '../../../src/contract/menu-seed';
import '../core-schema';

export interface MenuSeedKeyTable {
  seed_key: string;
  menu_id: number;
  seen_at: string;
}

declare module '../schema' {
  interface Database {
    menu_seed_keys: MenuSeedKeyTable;
  }
}

type Db = Kysely<Database>;

/** A menu's key: the codes of the declaration's nodes down to it (button codes repeat across screens). */
function keyOf(parentKey: string, code: string): string {
  return parentKey ? `${parentKey}>${code}` : code;
}

interface ExistingMenu {
  id: number;
  code: string;
  type: number;
  parent: number;
}

export interface MenuSyncResult {
  /** menus inserted (and granted) because their keys were new */
  inserted: number;
  /** menus of the declarations already in the database before the keys were kept (an older database) */
  adopted: number;
}

/**
 * Brings the areas' menu declarations into the database, at every start (and on an empty one):
 * a menu or button whose key this database has never seen is inserted under its parent and granted
 * to the administrator role and to the roles the declaration names; a key seen before is left
 * alone, so what an administrator renamed, moved, hid, revoked or deleted stays so, and nothing is
 * deleted. A database from before the keys were kept adopts the menus it already has (matched by
 * code under the same parent, or by code and type anywhere for a moved screen) without granting
 * them again. A menu still naming a screen key that moved into its area (src/contract/areas.ts) is
 * pointed at the new key; one an administrator pointed elsewhere is left alone.
 */
export async function syncMenus(db: Db, seeds: readonly MenuSeed[]): Promise<MenuSyncResult> {
  const now = nowText();
  for (const [from, to] of Object.entries(RENAMED_SCREEN_KEYS)) {
    await db.updateTable('menus').set({ component: to, updated_at: now }).where('component', '=', from).execute();
  }
  const seen = new Map((await db.selectFrom('menu_seed_keys').select(['seed_key', 'menu_id']).execute()).map((r) => [r.seed_key, r.menu_id]));
  const existing: ExistingMenu[] = await db.selectFrom('menus').select(['id', 'code', 'type', 'parent']).execute();
  const existingIds = new Set(existing.map((m) => m.id));
  // Only a database that never kept keys adopts its menus; one that did treats a missing key as new.
  const adopting = seen.size === 0 && existing.length > 0;
  const roles = new Map((await db.selectFrom('roles').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const adminRole = roles.get(SUPER_CODE);
  const result: MenuSyncResult = { inserted: 0, adopted: 0 };
  const inheritanceOf = async (parentId: number): Promise<string> => {
    if (parentId === 0) return '|';
    const p = await db.selectFrom('menus').select('inheritance').where('id', '=', parentId).executeTakeFirst();
    return `${p?.inheritance ?? '|'}${parentId}|`;
  };
  const remember = async (key: string, menuId: number): Promise<void> => {
    await db.insertInto('menu_seed_keys').values({ seed_key: key, menu_id: menuId, seen_at: now }).execute();
    seen.set(key, menuId);
  };
  const adopt = (m: MenuSeed, parentId: number | undefined): ExistingMenu | undefined =>
    existing.find((e) => e.code === m.code && e.type === m.type && e.parent === (parentId ?? 0)) ?? (m.type !== 2 ? existing.find((e) => e.code === m.code && e.type === m.type) : undefined);

  const walk = async (nodes: readonly MenuSeed[], parentKey: string, parentId: number | undefined, grants: readonly string[]): Promise<void> => {
    for (const [i, m] of nodes.entries()) {
      const key = keyOf(parentKey, m.code);
      const own = m.grants ?? grants;
      let id = seen.get(key);
      if (id === undefined && adopting) {
        const found = adopt(m, parentId);
        if (found) {
          await remember(key, found.id);
          result.adopted++;
          id = found.id;
        }
      }
      if (id === undefined) {
        // A parent deleted by an administrator leaves its new children at the top level.
        const parent = parentId !== undefined && existingIds.has(parentId) ? parentId : 0;
        const row = await db
          .insertInto('menus')
          .values({
            name: m.name,
            code: m.code,
            url: m.url ?? null,
            component: m.component ?? null,
            parent,
            inheritance: await inheritanceOf(parent),
            icon: m.icon ?? null,
            order_num: m.order ?? i + 1,
            perms: m.type === 2 ? m.code : null,
            type: m.type,
            hidden: m.hidden ?? 0,
            meta: m.meta ?? null,
            active_menu: m.active_menu ?? null,
            created_at: now,
            updated_at: now,
            created_by: null,
            updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
        existingIds.add(id);
        const roleIds = new Set([...own.map((code) => roles.get(code)), adminRole].filter((r): r is number => r !== undefined));
        for (const roleId of roleIds) await db.insertInto('role_menus').values({ role_id: roleId, menu_id: id }).execute();
        await remember(key, id);
        result.inserted++;
      }
      if (m.children) await walk(m.children, key, existingIds.has(id) ? id : undefined, own);
    }
  };
  await walk(seeds, '', 0, []);
  return result;
}
