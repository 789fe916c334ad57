import { describe, expect, it } from 'vitest';
import { emptyNoticeForm, noticeBody, targetText, validateNotice } from '../../../../src/features/system/notice/noticeForm';
import { colLabel, colsBody, colsProblem, moveCol, parseCols, tableTitle } from '../../../../src/features/system/tableCol/tableCols';
import { formFromTemplate } from '../../../../src/features/system/user/userTemplate';

describe('notice form', () => {
  it('asks for title, content and the targets of the chosen range', () => {
    expect(validateNotice(emptyNoticeForm())).toEqual({ title: '请输入标题', content: '请输入内容' });
    const v = { ...emptyNoticeForm(), title: '放假通知', content: '<p>&nbsp;</p>', target_type: 'roles' as const };
    expect(validateNotice(v)).toEqual({ content: '请输入内容', target_ids: '请选择发布的角色' });
    expect(validateNotice({ ...v, content: '<p>五一放假</p>', target_type: 'schools' })).toEqual({ target_ids: '请选择发布的校区' });
    expect(validateNotice({ ...v, content: '<p>五一放假</p>', target_ids: '7' })).toEqual({});
  });

  it('sends no targets for everyone and the id list otherwise', () => {
    const v = { ...emptyNoticeForm(), title: ' 放假 ', content: '<p>x</p>', target_ids: '3', is_top: true };
    expect(noticeBody(v)).toMatchObject({ title: '放假', target_type: 'all', target_ids: '', is_top: 1, header: null });
    expect(noticeBody({ ...v, target_type: 'roles', id: 5 })).toMatchObject({ id: 5, target_ids: '3' });
  });

  it('names the targets', () => {
    const names = new Map([['7', '前台']]);
    expect(targetText('all', null, names)).toBe('全部用户');
    expect(targetText('roles', '7,9', names)).toBe('角色：前台、9');
  });
});

describe('saved table columns', () => {
  it('parses, moves, checks and writes them in their new order', () => {
    const cols = parseCols('[{"prop":"name","show":true,"order":0},{"prop":"phone","show":false,"width":90,"order":1},{"x":1}]');
    expect(cols.map((c) => c.prop)).toEqual(['name', 'phone']);
    expect(parseCols('not json')).toEqual([]);
    const moved = moveCol(cols, 1, -1);
    expect(moved.map((c) => c.prop)).toEqual(['phone', 'name']);
    expect(moveCol(cols, 0, -1).map((c) => c.prop)).toEqual(['name', 'phone']);
    expect(colsProblem(cols.map((c) => ({ ...c, show: false })))).toBe('至少显示一列');
    expect(colsProblem([{ prop: 'a', show: true, width: 10 }])).toBe('列宽应在 20 到 2000 之间');
    expect(colsProblem(cols)).toBe('');
    const body = colsBody({ id: 4, table_key: 'base_district', cols: '', updated_at: '' }, moved);
    expect(body).toMatchObject({ id: 4, table_key: 'base_district' });
    expect(JSON.parse(body.cols)).toEqual([
      { prop: 'phone', show: false, width: 90, order: 0 },
      { prop: 'name', show: true, order: 1 },
    ]);
  });

  it('titles declared and known tables in Chinese and leaves other keys as they are', () => {
    expect(tableTitle('base_district')).toBe('行政区划');
    expect(tableTitle('system_user')).toBe('用户管理');
    expect(tableTitle('some_other_table')).toBe('some_other_table');
    expect(colLabel('system_user', { prop: 'login_id', show: true })).toBe('账号');
    expect(colLabel('base_district', { prop: 'level', show: true })).toBe('级别');
  });
});

describe('user from a template', () => {
  it('takes every role and campus of the model users and the first organisation', () => {
    const f = formFromTemplate([
      { roles: [2], schools: [10, 11], org_id: null },
      { roles: [2, 3], schools: [11], org_id: 5 },
      { roles: [], schools: [], org_id: 6 },
    ]);
    expect(f).toMatchObject({ roles: '2,3', schools: '10,11', org_id: '5', login_id: '', password: '', name: '' });
    expect(f.id).toBeUndefined();
    expect(formFromTemplate([])).toMatchObject({ roles: '', schools: '', org_id: '' });
  });
});
