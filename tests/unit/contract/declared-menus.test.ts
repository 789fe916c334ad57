import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../src/contract/resource';
import { declaredScreen, withDeclaredScreens } from '../../../server/db/seed/declared-menus';
import type { MenuSeed } from '../../../src/contract/menu-seed';
import { loadMenuSeeds } from '../../../server/db/seed';

const shelf = defineResource({
  name: 'demo_shelf',
  title: '书架',
  table: 'demo_shelf',
  scope: 'school',
  softDelete: true,
  perm: 'demo_shelf',
  fields: { name: { type: 'string', label: '名称', required: true }, state: { type: 'bool', label: '启用' } },
  actions: [{ name: 'onoff', label: '启用/停用', column: 'state' }],
  menu: { in: 'base', code: 'base_shelf', grants: ['principal'] },
});

const dirs: readonly MenuSeed[] = [
  { name: '系统管理', code: 'system', type: 0, grants: ['x'], children: [] },
  { name: '基础数据', code: 'base', type: 0, grants: ['principal'], children: [{ name: '节假日', code: 'base_holiday', type: 1 }] },
];

describe('a declaration with a menu is its own screen', () => {
  it('is the shared list with a button per write call and action', () => {
    const s = declaredScreen(shelf);
    expect(s).toMatchObject({ name: '书架', code: 'base_shelf', type: 1, component: 'resource/demo_shelf', url: '/base/demo_shelf', grants: ['principal'] });
    expect(s?.children?.map((b) => [b.code, b.name])).toEqual([
      ['demo_shelf_add', '新增书架'],
      ['demo_shelf_update', '编辑书架'],
      ['demo_shelf_delete', '删除书架'],
      ['demo_shelf_recover', '恢复书架'],
      ['demo_shelf_onoff', '启用/停用'],
    ]);
    expect(declaredScreen({ ...shelf, menu: undefined })).toBeUndefined();
  });

  it('leaves out the buttons of calls the declaration leaves out', () => {
    const s = declaredScreen({ ...shelf, softDelete: false, calls: { delete: false } });
    expect(s?.children?.map((b) => b.code)).toEqual(['demo_shelf_add', 'demo_shelf_update', 'demo_shelf_onoff']);
  });

  it('is placed last in its directory and the seeds are not changed in place', () => {
    const out = withDeclaredScreens(dirs, [shelf]);
    expect(out[1]?.children?.map((c) => c.code)).toEqual(['base_holiday', 'base_shelf']);
    expect(dirs[1]?.children?.map((c) => c.code)).toEqual(['base_holiday']);
    expect(out[0]).toEqual(dirs[0]);
  });

  it('refuses a directory no seed declares, at start', () => {
    expect(() => withDeclaredScreens(dirs, [{ ...shelf, menu: { in: 'nowhere', code: 'x' } }])).toThrow('菜单目录 nowhere 不存在');
  });

  it('教室 comes from its declaration: the shared list, with the codes and address it always had', async () => {
    const seeds = await loadMenuSeeds();
    const base = seeds.find((m) => m.code === 'base' && m.children?.some((c) => c.code === 'base_classroom'));
    const room = base?.children?.find((c) => c.code === 'base_classroom');
    expect(room).toMatchObject({ component: 'resource/base_otm_classroom', url: '/base/classroom', name: '教室' });
    expect(room?.children?.map((b) => b.code)).toEqual(['base_otm_classroom_add', 'base_otm_classroom_update', 'base_otm_classroom_delete', 'base_otm_classroom_recover']);
  });
});
