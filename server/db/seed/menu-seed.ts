import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { nowText } from '../../lib/time';
import '../core-schema';

/**
 * A menu of the seed. Type 0 directories, 1 screens (with a `component` key), 2 buttons (with an
 * operation code as `code`). `grants` lists role codes that get this node and, unless they say
 * otherwise, its children; RC999 sees everything without grants.
 */
export interface MenuSeed {
  name: string;
  code: string;
  type: 0 | 1 | 2;
  url?: string;
  component?: string;
  icon?: string;
  hidden?: 0 | 1;
  active_menu?: string;
  meta?: string;
  grants?: readonly string[];
  children?: readonly MenuSeed[];
}

/** Screen with its buttons: the usual shape. */
export function screen(name: string, component: string, buttons: readonly [string, string][], extra: Partial<MenuSeed> = {}): MenuSeed {
  return {
    name,
    code: component.replace(/\//g, '_'),
    type: 1,
    url: `/${component}`,
    component,
    ...extra,
    children: buttons.map(([code, label]) => ({ name: label, code, type: 2 as const })),
  };
}

/** Inserts a seed tree; answers the number of menus written. Role grants go to role_menus. */
export async function insertMenus(db: Kysely<Database>, seeds: readonly MenuSeed[], roleIds: ReadonlyMap<string, number>): Promise<number> {
  let count = 0;
  const now = nowText();
  const walk = async (nodes: readonly MenuSeed[], parent: number, inheritance: string, grants: readonly string[]): Promise<void> => {
    for (const [i, m] of nodes.entries()) {
      const row = await db
        .insertInto('menus')
        .values({
          name: m.name,
          code: m.code,
          url: m.url ?? null,
          component: m.component ?? null,
          parent,
          inheritance,
          icon: m.icon ?? null,
          order_num: i + 1,
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
      count++;
      const own = m.grants ?? grants;
      for (const code of own) {
        const roleId = roleIds.get(code);
        if (roleId !== undefined) await db.insertInto('role_menus').values({ role_id: roleId, menu_id: row.id }).execute();
      }
      if (m.children) await walk(m.children, row.id, `${inheritance}${row.id}|`, own);
    }
  };
  await walk(seeds, 0, '|', []);
  return count;
}
