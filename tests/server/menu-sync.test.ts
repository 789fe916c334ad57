import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, type TestServer } from './helpers';
import { loadMenuSeeds } from '../../server/db/seed';
import { syncMenus } from '../../server/db/seed/menu-sync';
import { screen, type MenuSeed } from '../../src/contract/menu-seed';
import type { Menu } from '../../src/contract/menu';
import { RENAMED_SCREEN_KEYS } from '../../src/contract/areas';
import { FULL_VALUE_PERM } from '../../src/contract/mask';

/** A menu row as the old database stored it (the fixture is a dump of the menus table). */
type OldMenu = Menu & { del_flag: number };

/** Menus and grants of a demo database made by main at e610b20, before menus were upserted at start. */
const OLD = JSON.parse(readFileSync(new URL('./fixtures/menus-e610b20.json', import.meta.url), 'utf8')) as { menus: OldMenu[]; grants: { role: string; menu_id: number }[] };

/** A new area and a new button on an existing screen, as a later version declares them. */
function withNewDeclarations(seeds: readonly MenuSeed[]): MenuSeed[] {
  const added: MenuSeed = { name: '新业务', code: 'new_area', type: 0, url: '/new_area', grants: ['teacher'], children: [screen('新屏幕', 'new_area/list', [['new_area_add', '新增']])] };
  const withButton = (nodes: readonly MenuSeed[]): MenuSeed[] =>
    nodes.map((n) =>
      n.code === 'base_class_manage' ? { ...n, children: [...(n.children ?? []), { name: '新按钮', code: 'base_class_manage_new_action', type: 2 as const }] } : { ...n, children: n.children ? withButton(n.children) : undefined },
    );
  return [...withButton(seeds), added];
}

describe('menus from the declarations are upserted at every start', () => {
  let s: TestServer;
  const roleId = new Map<string, number>();

  /** Puts the database's menus back to what the old version had created. */
  async function restoreOldMenus(): Promise<void> {
    await s.db.deleteFrom('menu_seed_keys').execute();
    await s.db.deleteFrom('role_menus').execute();
    await s.db.deleteFrom('menus').execute();
    for (const m of OLD.menus) await s.db.insertInto('menus').values({ ...m, created_at: '2026-11-20 08:00:00', updated_at: '2026-11-20 08:00:00', created_by: null, updated_by: null }).execute();
    for (const g of OLD.grants) await s.db.insertInto('role_menus').values({ role_id: roleId.get(g.role) as number, menu_id: g.menu_id }).execute();
    if (s.dialect === 'postgres') await sql`select setval(pg_get_serial_sequence('menus', 'id'), (select max(id) from menus))`.execute(s.db);
  }

  const menuByCode = (code: string) => s.db.selectFrom('menus').selectAll().where('code', '=', code).execute();
  const granted = async (role: string, menuId: number) =>
    (await s.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId.get(role) as number).where('menu_id', '=', menuId).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    s = await createTestServer();
    for (const r of await s.db.selectFrom('roles').select(['id', 'code']).execute()) roleId.set(r.code, r.id);
    await restoreOldMenus();
  });
  afterAll(() => s.close());

  it('a fresh database keeps a key for every declared menu', async () => {
    const fresh = await createTestServer();
    try {
      const keys = await fresh.db.selectFrom('menu_seed_keys').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const menus = await fresh.db.selectFrom('menus').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(keys.n)).toBe(Number(menus.n));
      expect(Number(menus.n)).toBeGreaterThan(200);
    } finally {
      await fresh.close();
    }
  });

  it('an older database shows the new menus and keeps what its administrator renamed, moved, hid and revoked', async () => {
    // What an administrator did on the old version.
    const [classes] = await menuByCode('base_class_manage');
    const [timetable] = await menuByCode('educational_timetable');
    const [rollCall] = await menuByCode('educational_teacher_check_in');
    const [home] = await menuByCode('home');
    const [students] = await menuByCode('students_student');
    expect(await granted('teacher', rollCall.id)).toBe(true);
    await s.db.updateTable('menus').set({ name: '班级列表', order_num: 99 }).where('id', '=', classes.id).execute();
    await s.db.updateTable('menus').set({ hidden: 1 }).where('id', '=', timetable.id).execute();
    await s.db.updateTable('menus').set({ parent: home.id }).where('id', '=', rollCall.id).execute();
    await s.db.deleteFrom('role_menus').where('role_id', '=', roleId.get('teacher') as number).where('menu_id', '=', rollCall.id).execute();
    // the old version's screen keys (educational/…, base/class_manage), one pointed elsewhere by the administrator
    const [arrange] = await menuByCode('educational_arrange');
    expect({ timetable: timetable.component, classes: classes.component, arrange: arrange.component }).toEqual({ timetable: 'educational/timetable', classes: 'base/class_manage', arrange: 'educational/arrange' });
    await s.db.updateTable('menus').set({ component: 'resource/base_auto_cs_time_set' }).where('id', '=', arrange.id).execute();
    const before = (await s.db.selectFrom('menus').select('id').execute()).length;

    // The new version starts.
    const seeds = withNewDeclarations(await loadMenuSeeds());
    const first = await s.db.transaction().execute((trx) => syncMenus(trx, seeds));
    // Every declared menu the old database lacked is inserted, and nothing else: the old menus' keys
    // (their codes down from the top, as the fixture's parents give them) against the declarations'
    // (a directory two seed files share is one key). A new area's menus need no change here.
    const oldById = new Map(OLD.menus.map((m) => [m.id, m]));
    const oldKey = (m: OldMenu): string => {
      const parent = m.parent ? oldById.get(m.parent) : undefined;
      return parent ? `${oldKey(parent)}>${m.code}` : m.code;
    };
    const oldKeys = new Set(OLD.menus.map(oldKey));
    const declaredKeys = new Set<string>();
    const collect = (nodes: readonly MenuSeed[], parentKey: string): void => {
      for (const n of nodes) {
        const key = parentKey ? `${parentKey}>${n.code}` : n.code;
        declaredKeys.add(key);
        collect(n.children ?? [], key);
      }
    };
    collect(seeds, '');
    // 学员 moved into the students area's directory and 导出任务 to the top since e610b20: the old
    // database's rows are adopted there (with their buttons), not inserted again
    const moved = new Map([
      ['students_student', 'students>students_student'],
      ['system_export_task', 'system_export_task'],
    ]);
    const relocated = new Set(
      [...oldKeys].map((k) => {
        for (const [code, to] of moved) {
          const from = oldKey(OLD.menus.find((m) => m.code === code) as OldMenu);
          if (k === from || k.startsWith(`${from}>`)) return to + k.slice(from.length);
        }
        return k;
      }),
    );
    const newKeys = [...declaredKeys].filter((k) => !relocated.has(k));
    // the system menus new since e610b20 (操作日志, 设备管理 and its four buttons, 查看完整手机号和证件号 on
    // 学员 and 用户管理 …), the test's own new area, screen and button, and the areas built since
    expect(newKeys).toEqual(expect.arrayContaining(['system>system_logger', 'new_area', 'new_area>new_area_list>new_area_add']));
    expect(newKeys.length).toBeGreaterThan(700);
    expect(first.inserted).toBe(newKeys.length);
    expect(first.adopted).toBe(before);
    const [logger] = await menuByCode('system_logger');
    expect(logger.parent).toBe((await menuByCode('system'))[0].id);
    expect(await granted('RC999', logger.id)).toBe(true);

    const [area] = await menuByCode('new_area');
    const [screenRow] = await menuByCode('new_area_list');
    const [areaButton] = await menuByCode('new_area_add');
    expect(screenRow.parent).toBe(area.id);
    expect(areaButton.parent).toBe(screenRow.id);
    for (const m of [area, screenRow, areaButton]) {
      expect(await granted('RC999', m.id)).toBe(true);
      expect(await granted('teacher', m.id)).toBe(true);
      expect(await granted('front_desk', m.id)).toBe(false);
    }
    // a new button of existing screens reaches the roles the seed names, not others
    const fullView = await menuByCode(FULL_VALUE_PERM);
    expect(fullView).toHaveLength(2);
    const onStudents = fullView.find((m) => m.parent === students.id);
    expect(onStudents).toBeDefined();
    for (const role of ['principal', 'front_desk', 'sales']) expect(await granted(role, onStudents?.id ?? 0)).toBe(true);
    for (const role of ['teacher', 'finance', 'telemarketer']) for (const m of fullView) expect(await granted(role, m.id)).toBe(false);
    const [newButton] = await menuByCode('base_class_manage_new_action');
    expect(newButton.parent).toBe(classes.id);
    expect(await granted('principal', newButton.id)).toBe(true);
    expect(await granted('teacher', newButton.id)).toBe(false);

    const [classesNow] = await menuByCode('base_class_manage');
    expect({ name: classesNow.name, order_num: classesNow.order_num }).toEqual({ name: '班级列表', order_num: 99 });
    expect((await menuByCode('educational_timetable'))[0].hidden).toBe(1);
    expect((await menuByCode('educational_teacher_check_in'))[0].parent).toBe(home.id);
    expect(await granted('teacher', rollCall.id)).toBe(false);
    expect(await menuByCode('educational_teacher_check_in')).toHaveLength(1);

    // screens whose keys moved into their areas open from the old menus (same ids, codes, urls and grants)
    expect(classesNow.component).toBe('classes/class_manage');
    expect((await menuByCode('educational_timetable'))[0]).toMatchObject({ id: timetable.id, component: 'classes/timetable', url: '/educational/timetable' });
    expect((await menuByCode('system_guide'))[0].component).toBe('teaching/guide');
    expect((await menuByCode('educational_arrange'))[0].component).toBe('resource/base_auto_cs_time_set');
    const stale = await s.db.selectFrom('menus').select(['code', 'component']).where('component', 'in', Object.keys(RENAMED_SCREEN_KEYS)).execute();
    expect(stale).toEqual([]);

    // The next start changes nothing, even after the administrator revoked a new menu and deleted another.
    await s.db.deleteFrom('role_menus').where('role_id', '=', roleId.get('teacher') as number).where('menu_id', '=', area.id).execute();
    await s.db.deleteFrom('menus').where('id', '=', areaButton.id).execute();
    const count = (await s.db.selectFrom('menus').select('id').execute()).length;
    const second = await s.db.transaction().execute((trx) => syncMenus(trx, seeds));
    expect(second).toEqual({ inserted: 0, adopted: 0 });
    expect((await s.db.selectFrom('menus').select('id').execute()).length).toBe(count);
    expect(await granted('teacher', area.id)).toBe(false);
  });
});
