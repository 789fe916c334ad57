import { describe, expect, it } from 'vitest';
import { emptyMenuForm, menuBody, menuFormOf, showsRouteFields, validateMenu } from '../../../../src/features/system/menu/menuForm';

describe('menu form (spec doc 000 §3, §5)', () => {
  it('starts as a menu, not hidden, order 0, under the selected node', () => {
    const f = emptyMenuForm('12');
    expect(f).toMatchObject({ type: '1', hidden: '0', order_num: '0', parent: '12' });
  });

  it('asks for code, name, path and a numeric order', () => {
    const e = validateMenu({ ...emptyMenuForm(), order_num: 'abc' });
    expect(e).toEqual({ code: '请输入编码', name: '请输入菜单名', url: '请输入路径', order_num: '请输入数字' });
  });

  it('does not ask a button for a path, and sends it no route fields', () => {
    const v = { ...emptyMenuForm('3'), type: '2' as const, name: '新增', code: 'add_x', url: '/left-over', icon: 'x' };
    expect(showsRouteFields('2')).toBe(false);
    expect(validateMenu(v)).toEqual({});
    expect(menuBody(v)).toMatchObject({ parent: 3, type: 2, url: null, icon: null, component: null, meta: null, perms: 'add_x', order_num: 0 });
  });

  it('copies a row into the form for Edit and back into the same body', () => {
    const row = { id: 7, name: '菜单管理', code: 'system_menu', url: '/system/menu', component: 'system/menu', parent: 2, inheritance: '|2|', icon: null, order_num: 3, perms: null, type: 1 as const, hidden: 0 as const, meta: null };
    const f = menuFormOf(row);
    expect(f).toMatchObject({ id: 7, parent: '2', order_num: '3', type: '1', hidden: '0' });
    expect(menuBody(f)).toMatchObject({ id: 7, name: '菜单管理', url: '/system/menu', parent: 2, order_num: 3 });
  });
});
