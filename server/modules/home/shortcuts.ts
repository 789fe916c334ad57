import { sql, type Kysely } from 'kysely';
import { SHORTCUT_COUNT, type Shortcut } from '../../../src/contract/home';
import type { BaseColumns, Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { nowText } from '../../lib/time';

/**
 * 常用功能: the screens each user opens, counted on the server (so the shortcuts follow the user
 * to every device) in the table of migration 0800, like the per-user table columns
 * (sys_table_col_user): a user reads and writes only their own rows. Only addresses of screens the
 * user holds are counted or shown, so a screen taken away disappears from the shortcuts.
 */

export interface HomeScreenUseTable extends BaseColumns {
  user_id: number;
  path: string;
  open_count: number;
  last_opened_at: string | null;
  pinned: number;
}

declare module '../../db/schema' {
  interface Database {
    home_screen_use: HomeScreenUseTable;
  }
}

type Db = Kysely<Database>;

/** The caller's screens (type-1 menus with an address) by address: their titles. */
async function heldScreens(db: Db, p: Principal): Promise<Map<string, string>> {
  const menus = await db.selectFrom('menus').select(['code', 'name', 'url']).where('type', '=', 1).where('del_flag', '=', 0).where('url', 'is not', null).execute();
  const out = new Map<string, string>();
  for (const m of menus) if (m.url && m.url !== '/home' && (p.superuser || p.menuCodes.has(m.code))) out.set(m.url, m.name);
  return out;
}

/** Counts one opening of a screen the caller holds; another address is not recorded. */
export async function recordOpening(db: Db, p: Principal, path: string, now = nowText()): Promise<boolean> {
  const held = await heldScreens(db, p);
  if (!held.has(path)) return false;
  await db
    .insertInto('home_screen_use')
    .values({ user_id: p.userId, path, open_count: 1, last_opened_at: now, pinned: 0, created_at: now, updated_at: now, created_by: p.userId, updated_by: p.userId })
    .onConflict((oc) => oc.columns(['user_id', 'path']).doUpdateSet({ open_count: sql<number>`home_screen_use.open_count + 1`, last_opened_at: now, updated_at: now }))
    .execute();
  return true;
}

/** Pins or unpins a screen the caller holds (a screen not held answers as missing). */
export async function setPinned(db: Db, p: Principal, path: string, pinned: boolean, now = nowText()): Promise<boolean> {
  const held = await heldScreens(db, p);
  if (!held.has(path)) return false;
  await db
    .insertInto('home_screen_use')
    .values({ user_id: p.userId, path, open_count: 0, last_opened_at: null, pinned: pinned ? 1 : 0, created_at: now, updated_at: now, created_by: p.userId, updated_by: p.userId })
    .onConflict((oc) => oc.columns(['user_id', 'path']).doUpdateSet({ pinned: pinned ? 1 : 0, updated_at: now }))
    .execute();
  return true;
}

/** The caller's shortcuts: pinned screens first, then the most opened (only screens still held). */
export async function shortcutsOf(db: Db, p: Principal): Promise<Shortcut[]> {
  const [held, rows] = await Promise.all([
    heldScreens(db, p),
    db.selectFrom('home_screen_use').select(['path', 'open_count', 'pinned', 'last_opened_at']).where('user_id', '=', p.userId).execute(),
  ]);
  const usable = rows.filter((r) => held.has(r.path) && (Number(r.pinned) === 1 || Number(r.open_count) > 0));
  usable.sort((a, b) => Number(b.pinned) - Number(a.pinned) || Number(b.open_count) - Number(a.open_count) || (b.last_opened_at ?? '').localeCompare(a.last_opened_at ?? ''));
  const pinned = usable.filter((r) => Number(r.pinned) === 1);
  const shown = [...pinned, ...usable.filter((r) => Number(r.pinned) !== 1).slice(0, Math.max(0, SHORTCUT_COUNT - pinned.length))];
  return shown.map((r) => ({ path: r.path, title: held.get(r.path) ?? r.path, open_count: Number(r.open_count), pinned: Number(r.pinned) === 1 }));
}
