import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClass, addStudent, ok, setupWorld, type World } from './fixture';

/**
 * Declared relations (`ref`) on the class list: label columns joined in the compiled page (the
 * fast path answers the same rows), targets checked on add and update (missing, deleted and
 * another campus's answer alike, server/lib/scope.ts requireFieldRefs), and targets in use not deleted.
 */

let w: World;
beforeAll(async () => {
  w = await setupWorld();
});
afterAll(async () => w.server.close());

interface ClassPageRow {
  id: number;
  class_type_id: number;
  class_type_name: string | null;
  classroom_id: number | null;
  classroom_name: string | null;
  head_teacher_name: string | null;
}

async function names(table: 'prod_class_type' | 'base_otm_classroom' | 'users', id: number): Promise<string> {
  return (await w.server.db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
}

describe('relations of a declaration', () => {
  it('the page and get answer the labels of class type, classroom and teacher, the same on the compiled path', async () => {
    const id = await addClass(w, { name: '关系一班' });
    const want = { id, class_type_name: await names('prod_class_type', w.classTypeId), classroom_name: await names('base_otm_classroom', w.roomBj), head_teacher_name: await names('users', w.teachers[0]) };
    const query = { name: '关系一班', page: 1, rows: 10 };
    // first call plans and compiles the statements, the second runs the database-rendered JSON rows
    const first = await ok(w.server.call<{ content: ClassPageRow[]; totalSize: number }>('GET', '/api/v1/base_class_manage/page', { headers: w.principal.headers, query }));
    const second = await ok(w.server.call<{ content: ClassPageRow[]; totalSize: number }>('GET', '/api/v1/base_class_manage/page', { headers: w.principal.headers, query }));
    expect(first.totalSize).toBe(1);
    expect(first.content[0]).toMatchObject(want);
    expect(second).toEqual(first);
    const got = await ok(w.server.call<ClassPageRow>('GET', '/api/v1/base_class_manage/get', { headers: w.principal.headers, query: { id } }));
    expect(got).toMatchObject(want);
  });

  it('a class without a classroom lists as many rows, with an empty label (LEFT JOIN)', async () => {
    const id = await addClass(w, { name: '关系二班', room: null });
    const page = await ok(w.server.call<{ content: ClassPageRow[]; totalSize: number }>('GET', '/api/v1/base_class_manage/page', { headers: w.principal.headers, query: { name: '关系二班' } }));
    expect(page.totalSize).toBe(1);
    expect(page.content[0]).toMatchObject({ id, classroom_id: null, classroom_name: null });
  });

  it('refuses a missing, a deleted and another campus’s target with the same message, and writes nothing', async () => {
    const body = { school_id: w.bj, name: '关系三班', class_type_id: w.classTypeId, capacity: 10 };
    const before = (await w.server.db.selectFrom('base_class_manage').select('id').execute()).length;
    const missing = await w.server.call('POST', '/api/v1/base_class_manage/add', { headers: w.admin.headers, json: { ...body, class_type_id: 999999 } });
    expect(missing.body).toMatchObject({ code: 404, msg: '班型不存在或无权访问' });
    // the principal reaches 北京朝阳 only: 广州天河's classroom answers as missing
    const foreign = await w.server.call('POST', '/api/v1/base_class_manage/add', { headers: w.principal.headers, json: { ...body, classroom_id: w.roomGz } });
    const absent = await w.server.call('POST', '/api/v1/base_class_manage/add', { headers: w.principal.headers, json: { ...body, classroom_id: 999999 } });
    expect(foreign.body).toEqual(absent.body);
    expect(absent.body).toMatchObject({ code: 404, msg: '教室不存在或无权访问' });
    const room = await ok(w.server.call<{ id: number }>('POST', '/api/v1/base_otm_classroom/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '将删教室', capacity: 5 } }));
    await ok(w.server.call('POST', '/api/v1/base_otm_classroom/delete', { headers: w.admin.headers, json: [{ id: room.id }] }));
    const deleted = await w.server.call('POST', '/api/v1/base_class_manage/add', { headers: w.admin.headers, json: { ...body, classroom_id: room.id } });
    expect(deleted.body).toMatchObject({ code: 404, msg: '教室不存在或无权访问' });
    expect((await w.server.db.selectFrom('base_class_manage').select('id').execute()).length).toBe(before);
    // update checks the same way
    const id = await addClass(w, { name: '关系四班' });
    const upd = await w.server.call('POST', '/api/v1/base_class_manage/update', { headers: w.principal.headers, json: { id, classroom_id: w.roomGz } });
    expect(upd.body).toMatchObject({ code: 404, msg: '教室不存在或无权访问' });
  });

  it('does not delete a target still in use, naming both', async () => {
    const student = await addStudent(w, '关系学员');
    const classId = await addClass(w, { name: '关系五班' });
    await ok(w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: student, class_id: classId } }));
    const res = await w.server.call('POST', '/api/v1/student/delete', { headers: w.admin.headers, json: [{ id: student }] });
    expect(res.body).toMatchObject({ code: 409, msg: '该学员已被学员班级使用，不能删除' });
    const row = await w.server.db.selectFrom('student').select('del_flag').where('id', '=', student).executeTakeFirstOrThrow();
    expect(row.del_flag).toBe(0);
    // a student nobody names is deleted
    const free = await addStudent(w, '无关学员');
    await ok(w.server.call('POST', '/api/v1/student/delete', { headers: w.admin.headers, json: [{ id: free }] }));
  });
});
