import { describe, expect, it } from 'vitest';
import { rowErrors, rowsOf, valueOf } from '../../../../src/features/system/optionset/optionRows';
import { validateUser, emptyUserForm } from '../../../../src/features/system/user/userForm';

describe('option set rows', () => {
  it('round-trips the stored JSON, numbers kept as numbers', () => {
    const rows = rowsOf('[{"value":611,"text":"3岁以下"},{"value":"a","text":"甲"}]');
    expect(rows).toEqual([
      { value: '611', text: '3岁以下' },
      { value: 'a', text: '甲' },
    ]);
    expect(valueOf(rows)).toBe('[{"value":611,"text":"3岁以下"},{"value":"a","text":"甲"}]');
  });
  it('starts empty on a broken value', () => {
    expect(rowsOf('not json')).toEqual([]);
  });
  it('flags empty and repeated values', () => {
    expect(rowErrors([{ value: '', text: 'x' }, { value: '1', text: '' }, { value: '2', text: 'b' }, { value: '2', text: 'c' }])).toEqual({ 0: '请输入选项值', 1: '请输入显示文字', 3: '选项值 2 重复' });
  });
});

describe('user form', () => {
  it('asks a new user for account, password, name and a role', () => {
    expect(validateUser(emptyUserForm())).toEqual({ login_id: '请输入账号', password: '请输入密码', name: '请输入姓名', roles: '请选择角色' });
  });
  it('checks phone and password strength', () => {
    const e = validateUser({ ...emptyUserForm(), login_id: 'zhang', password: 'short', name: '张三', phone: '123', roles: '2' });
    expect(e.phone).toBe('手机号须为11位数字');
    expect(e.password).toMatch(/密码须为8-64位/);
  });
});
