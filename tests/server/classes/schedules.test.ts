import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/modules/classes/arrange';
import { addClass, addStudent, addTeacher, ok, setupWorld, type World } from './fixture';

let w: World;
beforeAll(async () => {
  w = await setupWorld();
});
afterAll(async () => w.server.close());

const ARRANGE = '/api/v1/edu_class_schedule/arrange_schedule';
const MON_WED = [
  { week_day: 1, start_time: '09:00', end_time: '10:30' },
  { week_day: 3, start_time: '09:00', end_time: '10:30' },
];

async function lessonCount(classId: number): Promise<number> {
  const rows = await w.server.db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', classId).execute();
  return rows.length;
}

describe('arrange_schedule', () => {
  it('creates lessons from a weekly pattern, numbered, with the enrolled students on them', async () => {
    const cls = await addClass(w, { teacher: await addTeacher(w.server, '陈静', [w.bj]), room: null });
    const st = await addStudent(w, '王小明');
    await ok(w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: st, class_id: cls, join_date: '2026-01-01' } }));
    const res = await ok(w.server.call<{ count: number; ids: number[]; first_date: string; last_date: string }>('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: cls, date_start: '2026-12-07', date_end: '2026-12-20', slots: MON_WED } }));
    expect(res).toMatchObject({ count: 4, first_date: '2026-12-07', last_date: '2026-12-16' });
    const rows = await w.server.db.selectFrom('edu_class_schedule').selectAll().where('class_id', '=', cls).orderBy('lesson_no').execute();
    expect(rows.map((r) => `${r.lesson_no}:${r.lesson_date}`)).toEqual(['1:2026-12-07', '2:2026-12-09', '3:2026-12-14', '4:2026-12-16']);
    expect(Number(rows[0].hours)).toBe(1.5);
    const onList = await w.server.db.selectFrom('edu_class_schedule_student').select('schedule_id').where('student_id', '=', st).execute();
    expect(onList).toHaveLength(4);
  });

  it('uses the class time ranges when no pattern is given, skips holidays and honours swap days', async () => {
    const cls = await addClass(w, { teacher: await addTeacher(w.server, '周杰', [w.bj]), room: null });
    await ok(w.server.call('POST', '/api/v1/edu_class_time_range/add', { headers: w.admin.headers, query: { classId: cls }, json: MON_WED }));
    await ok(w.server.call('POST', '/api/v1/base_holiday_set_school/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '校庆', start_date: '2027-03-01', end_date: '2027-03-01' } }));
    await ok(w.server.call('POST', '/api/v1/base_swap_day_school/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '调休', swap_date: '2027-03-06', follow_week_day: 1 } }));
    await ok(w.server.call('POST', '/api/v1/base_swap_day_school/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '调休休息', swap_date: '2027-03-10', follow_week_day: null } }));
    const res = await ok(w.server.call<{ count: number; skipped: { date: string; reason: string }[] }>('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: cls, date_start: '2027-03-01', date_end: '2027-03-14' } }));
    const dates = (await w.server.db.selectFrom('edu_class_schedule').select('lesson_date').where('class_id', '=', cls).orderBy('lesson_date').execute()).map((r) => r.lesson_date);
    // 03-01 Mon holiday, 03-03 Wed, 03-06 Sat works as Monday, 03-08 Mon, 03-10 Wed rest day
    expect(dates).toEqual(['2027-03-03', '2027-03-06', '2027-03-08']);
    expect(res.skipped).toEqual([
      { date: '2027-03-01', reason: '节假日（校庆）' },
      { date: '2027-03-10', reason: '调休休息（调休休息）' },
    ]);
  });

  it('refuses a teacher double booking, naming it, and writes nothing', async () => {
    const teacher = await addTeacher(w.server, '张伟', [w.bj]);
    const a = await addClass(w, { teacher, room: null, name: '三年级A班' });
    const b = await addClass(w, { teacher, room: null, name: '三年级B班' });
    await ok(w.server.call('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: a, date_start: '2026-12-01', date_end: '2026-12-01', slots: [{ week_day: 2, start_time: '09:00', end_time: '10:30' }] } }));
    const res = await w.server.call('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: b, date_start: '2026-11-24', date_end: '2026-12-08', slots: [{ week_day: 2, start_time: '10:00', end_time: '11:00' }] } });
    expect(res.body).toMatchObject({ code: 409, msg: '老师 张伟 在 2026-12-01 10:00-11:00 已有课（三年级A班）' });
    expect(await lessonCount(b)).toBe(0);
  });

  it('refuses a classroom double booking across classes and teachers', async () => {
    const a = await addClass(w, { teacher: await addTeacher(w.server, '甲', [w.bj]), room: w.roomBj, name: '教室冲突A' });
    const b = await addClass(w, { teacher: await addTeacher(w.server, '乙', [w.bj]), room: w.roomBj, name: '教室冲突B' });
    await ok(w.server.call('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: a, date_start: '2028-01-03', date_end: '2028-01-03', slots: [{ week_day: 1, start_time: '14:00', end_time: '15:00' }] } }));
    const res = await w.server.call('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: b, date_start: '2028-01-03', date_end: '2028-01-03', slots: [{ week_day: 1, start_time: '14:30', end_time: '15:30' }] } });
    expect(res.body).toMatchObject({ code: 409, msg: '教室 101教室 在 2028-01-03 14:30-15:30 已被占用（教室冲突A）' });
  });

  it('refuses arranging a teacher on leave', async () => {
    const teacher = await addTeacher(w.server, '请假老师', [w.bj]);
    const cls = await addClass(w, { teacher, room: null });
    await ok(w.server.call('POST', '/api/v1/edu_tea_leave_management/add', { headers: w.admin.headers, json: { school_id: w.bj, teacher_id: teacher, start_time: '2028-02-07 00:00', end_time: '2028-02-07 23:59', reason: '病假' } }));
    const res = await w.server.call('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: cls, date_start: '2028-02-07', date_end: '2028-02-07', slots: [{ week_day: 1, start_time: '09:00', end_time: '10:00' }] } });
    expect(res.body).toMatchObject({ code: 409, msg: '老师 请假老师 在 2028-02-07 09:00-10:00 请假，不能排课' });
  });

  it('stops at the class type lesson count and then refuses', async () => {
    const ct = await ok(w.server.call<{ id: number }>('POST', '/api/v1/prod_class_type/add', { headers: w.admin.headers, json: { name: '短期班', lesson_count: 3, hours_per_lesson: 2 } }));
    const cls = await addClass(w, { classTypeId: ct.id, teacher: await addTeacher(w.server, '短', [w.bj]), room: null });
    const res = await ok(w.server.call<{ count: number }>('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: cls, date_start: '2028-03-01', date_end: '2028-06-01', slots: MON_WED } }));
    expect(res.count).toBe(3);
    const again = await w.server.call('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: cls, date_start: '2028-07-01', date_end: '2028-08-01', slots: MON_WED } });
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toContain('课次已排满');
  });

  it('answers bad input with 400 in Chinese and writes nothing', async () => {
    const cls = await addClass(w, { teacher: await addTeacher(w.server, '坏输入', [w.bj]), room: null });
    const cases: [unknown, string][] = [
      [{ class_id: cls, date_start: '2026-13-01', date_end: '2026-12-01', slots: MON_WED }, '开始日期不是有效日期'],
      [{ class_id: cls, date_start: '2026/12/01', date_end: '2026-12-31', slots: MON_WED }, '开始日期格式应为 YYYY-MM-DD'],
      [{ class_id: cls, date_start: '2026-12-09', date_end: '2026-12-01', slots: MON_WED }, '结束日期不能早于开始日期'],
      [{ class_id: cls, date_start: '2026-12-01', date_end: '2026-12-31', slots: [{ week_day: 8, start_time: '09:00', end_time: '10:00' }] }, '星期必须是 1-7'],
      [{ class_id: cls, date_start: '2026-12-01', date_end: '2026-12-31', slots: [{ week_day: 1, start_time: '10:00', end_time: '09:00' }] }, '结束时间必须晚于开始时间'],
      [{ class_id: cls, date_start: '2026-12-01', date_end: '2026-12-31' }, '请设置上课时间段（班级尚未设置上课时间段）'],
      [{ date_start: '2026-12-01', date_end: '2026-12-31' }, '请选择班级'],
    ];
    for (const [json, msg] of cases) {
      const res = await w.server.call('POST', ARRANGE, { headers: w.admin.headers, json });
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect(await lessonCount(cls)).toBe(0);
  });

  it('needs a session (401), the operation code (403) and a class in scope (404)', async () => {
    const gzClass = await addClass(w, { school: w.gz, teacher: w.teachers[2], room: null });
    const body = { class_id: gzClass, date_start: '2028-04-03', date_end: '2028-04-03', slots: MON_WED };
    expect((await w.server.call('POST', ARRANGE, { json: body })).status).toBe(401);
    expect((await w.server.call('POST', ARRANGE, { headers: w.telemarketer.headers, json: body })).body).toMatchObject({ code: 403, msg: '没有操作权限：edu_class_schedule_arrange' });
    expect((await w.server.call('POST', ARRANGE, { headers: w.principal.headers, json: body })).body).toMatchObject({ code: 404, msg: '记录不存在或无权访问' });
    expect(await lessonCount(gzClass)).toBe(0);
  });
});

describe('moving lessons', () => {
  async function twoClasses() {
    const t1 = await addTeacher(w.server, '赵一', [w.bj]);
    const t2 = await addTeacher(w.server, '钱二', [w.bj]);
    const a = await addClass(w, { teacher: t1, room: null, name: `移动A${w.seq}` });
    const b = await addClass(w, { teacher: t2, room: null, name: `移动B${w.seq}` });
    const ra = await ok(w.server.call<{ ids: number[] }>('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: a, date_start: '2029-01-01', date_end: '2029-01-14', slots: MON_WED } }));
    const rb = await ok(w.server.call<{ ids: number[] }>('POST', ARRANGE, { headers: w.admin.headers, json: { class_id: b, date_start: '2029-01-01', date_end: '2029-01-14', slots: [{ week_day: 2, start_time: '18:00', end_time: '19:00' }] } }));
    return { t1, t2, a, b, aIds: ra.ids, bIds: rb.ids };
  }

  it('revise moves one lesson and refuses a clash', async () => {
    const { t2, aIds } = await twoClasses();
    const moved = await ok(w.server.call<{ lesson_date: string; start_time: string }>('POST', '/api/v1/edu_class_schedule/revise', { headers: w.admin.headers, json: { id: aIds[0], lesson_date: '2029-01-05', start_time: '15:00', end_time: '16:00' } }));
    expect(moved).toMatchObject({ lesson_date: '2029-01-05', start_time: '15:00' });
    const clash = await w.server.call('POST', '/api/v1/edu_class_schedule/revise', { headers: w.admin.headers, json: { id: aIds[1], lesson_date: '2029-01-02', start_time: '18:30', end_time: '19:30', teacher_id: t2 } });
    expect(clash.body.code).toBe(409);
    expect(clash.body.msg).toMatch(/^老师 钱二 在 2029-01-02 18:30-19:30 已有课（移动B\d+）$/);
  });

  it('replace_teacher refuses a teacher who is busy and accepts a free one', async () => {
    const { t2, aIds } = await twoClasses();
    await ok(w.server.call('POST', '/api/v1/edu_class_schedule/revise', { headers: w.admin.headers, json: { id: aIds[0], lesson_date: '2029-01-02', start_time: '18:00', end_time: '19:00' } }));
    const busy = await w.server.call('POST', '/api/v1/edu_class_schedule/replace_teacher', { headers: w.admin.headers, json: { ids: [aIds[0]], teacher_id: t2 } });
    expect(busy.body.code).toBe(409);
    expect(busy.body.msg).toContain('老师 钱二 在 2029-01-02 18:00-19:00 已有课');
    const free = await addTeacher(w.server, '孙三', [w.bj]);
    expect(await ok(w.server.call<{ count: number }>('POST', '/api/v1/edu_class_schedule/replace_teacher', { headers: w.admin.headers, json: { ids: aIds, teacher_id: free } }))).toEqual({ count: aIds.length });
  });

  it('exchange swaps the times of two lessons and checks clashes', async () => {
    const { aIds, bIds } = await twoClasses();
    const before = await w.server.db.selectFrom('edu_class_schedule').selectAll().where('id', 'in', [aIds[0], bIds[0]]).execute();
    await ok(w.server.call('POST', '/api/v1/edu_class_schedule/batch_exchange_arrange_schedule', { headers: w.admin.headers, json: { ids: [aIds[0], bIds[0]] } }));
    const after = await w.server.db.selectFrom('edu_class_schedule').selectAll().where('id', 'in', [aIds[0], bIds[0]]).execute();
    const a0 = before.find((r) => r.id === aIds[0]);
    const b0 = before.find((r) => r.id === bIds[0]);
    expect(after.find((r) => r.id === aIds[0])).toMatchObject({ lesson_date: b0?.lesson_date, start_time: b0?.start_time });
    expect(after.find((r) => r.id === bIds[0])).toMatchObject({ lesson_date: a0?.lesson_date, start_time: a0?.start_time });
    const same = await w.server.call('POST', '/api/v1/edu_class_schedule/batch_exchange_arrange_schedule', { headers: w.admin.headers, json: { ids: [aIds[0]] } });
    expect(same.body).toMatchObject({ code: 400, msg: '请选择两次课进行交换' });
  });

  it('batch_re_arrange lays chosen lessons onto a new pattern, refusing clashes', async () => {
    const { aIds, bIds } = await twoClasses();
    const res = await ok(w.server.call<{ count: number; first_date: string }>('POST', '/api/v1/edu_class_schedule/batch_re_arrange_schedule', { headers: w.admin.headers, json: { ids: aIds.slice(0, 2), date_start: '2029-02-01', slots: [{ week_day: 5, start_time: '08:00', end_time: '09:00' }] } }));
    expect(res).toMatchObject({ count: 2, first_date: '2029-02-02' });
    const b = await w.server.db.selectFrom('edu_class_schedule').selectAll().where('id', '=', bIds[0]).executeTakeFirstOrThrow();
    const clash = await w.server.call('POST', '/api/v1/edu_class_schedule/batch_re_arrange_schedule', {
      headers: w.admin.headers,
      json: { ids: [aIds[2]], date_start: b.lesson_date, slots: [{ week_day: 2, start_time: '18:00', end_time: '19:00' }], teacher_id: b.teacher_id },
    });
    expect(clash.body.code).toBe(409);
    const mixed = await w.server.call('POST', '/api/v1/edu_class_schedule/batch_re_arrange_schedule', { headers: w.admin.headers, json: { ids: [aIds[0], bIds[0]], date_start: '2029-03-01' } });
    expect(mixed.body).toMatchObject({ code: 400, msg: '只能重排同一班级的课次' });
  });

  it('add and update refuse clashes; update_batch too', async () => {
    const { t1, a, b, bIds } = await twoClasses();
    const clash = await w.server.call('POST', '/api/v1/edu_class_schedule/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: b, lesson_date: '2029-01-01', start_time: '09:30', end_time: '10:00', teacher_id: t1 } });
    expect(clash.body.msg).toContain('老师 赵一');
    expect(clash.body.code).toBe(409);
    expect(clash.body.msg).toContain('已有课');
    const added = await ok(w.server.call<{ id: number; lesson_no: number }>('POST', '/api/v1/edu_class_schedule/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: a, lesson_date: '2029-01-09', start_time: '09:00', end_time: '10:00' } }));
    expect(added.lesson_no).toBe(4);
    const numbers = await w.server.db.selectFrom('edu_class_schedule').select(['lesson_date', 'lesson_no']).where('class_id', '=', a).orderBy('lesson_date').execute();
    expect(numbers.map((n) => n.lesson_no)).toEqual([1, 2, 3, 4, 5]);
    const upd = await w.server.call('POST', '/api/v1/edu_class_schedule/update', { headers: w.admin.headers, json: { id: added.id, lesson_date: '2029-01-02', start_time: '18:00', end_time: '19:00', teacher_id: (await w.server.db.selectFrom('edu_class_schedule').select('teacher_id').where('id', '=', bIds[0]).executeTakeFirstOrThrow()).teacher_id } });
    expect(upd.body.msg).toContain('已有课');
    expect(upd.body.code).toBe(409);
    const batch = await w.server.call('POST', '/api/v1/edu_class_schedule/update_batch', { headers: w.admin.headers, json: { ids: bIds, teacher_id: t1, start_time: '09:00', end_time: '10:00' } });
    expect(batch.body.msg).toMatch(/^老师 赵一 在 2029-01-09 09:00-10:00 已有课/);
    expect(batch.body.code).toBe(409);
    expect(await ok(w.server.call<{ count: number }>('POST', '/api/v1/edu_class_schedule/update_batch', { headers: w.admin.headers, json: { ids: bIds, remark: '期末' } }))).toEqual({ count: bIds.length });
    const half = await w.server.call('POST', '/api/v1/edu_class_schedule/update_batch', { headers: w.admin.headers, json: { ids: bIds, start_time: '09:00' } });
    expect(half.body).toMatchObject({ code: 400, msg: '开始时间和结束时间需同时修改' });
  });

  it('delete_schedule removes unattended lessons of a class in a range and renumbers', async () => {
    const { a } = await twoClasses();
    const res = await ok(w.server.call<{ count: number; kept: number }>('POST', '/api/v1/edu_class_schedule/delete_schedule', { headers: w.admin.headers, json: { class_id: a, date_start: '2029-01-08' } }));
    expect(res).toEqual({ count: 2, kept: 0 });
    const left = await w.server.db.selectFrom('edu_class_schedule').select(['lesson_no', 'lesson_date']).where('class_id', '=', a).orderBy('lesson_no').execute();
    expect(left.map((l) => l.lesson_no)).toEqual([1, 2]);
  });

  it('os_page lists a campus timetable with names and filters; out-of-scope campus shows nothing', async () => {
    const { t1, a } = await twoClasses();
    const page = await ok(w.server.call<{ content: { class_id: number; teacher_name: string; class_name: string }[]; totalSize: number }>('GET', '/api/v1/edu_class_schedule/os_page', { headers: w.principal.headers, query: { school_id: w.bj, teacher_id: t1, date_start: '2029-01-01', date_end: '2029-01-31' } }));
    expect(page.totalSize).toBe(4);
    expect(page.content.every((r) => r.class_id === a && r.teacher_name === '赵一')).toBe(true);
    const other = await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/edu_class_schedule/os_page', { headers: w.principal.headers, query: { school_id: w.gz, date_start: '2000-01-01', date_end: '2099-01-31' } }));
    expect(other.totalSize).toBe(0);
    const bad = await w.server.call('GET', '/api/v1/edu_class_schedule/os_page', { headers: w.principal.headers, query: { date_start: '2029-01-01' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('结束日期');
  });
});

describe('time ranges', () => {
  it('add appends, update replaces, overlaps are refused', async () => {
    const cls = await addClass(w, { teacher: null, room: null });
    await ok(w.server.call('POST', '/api/v1/edu_class_time_range/add', { headers: w.admin.headers, query: { classId: cls }, json: [{ week_day: 1, start_time: '09:00', end_time: '10:00' }] }));
    const overlap = await w.server.call('POST', '/api/v1/edu_class_time_range/add', { headers: w.admin.headers, query: { classId: cls }, json: [{ week_day: 1, start_time: '09:30', end_time: '10:30' }] });
    expect(overlap.body).toMatchObject({ code: 400, msg: '周一 09:00-10:00 与 09:30-10:30 时间重叠' });
    const replaced = await ok(w.server.call<{ week_day: number }[]>('POST', '/api/v1/edu_class_time_range/update', { headers: w.admin.headers, query: { classId: cls }, json: [{ week_day: 2, start_time: '09:00', end_time: '10:00' }, { week_day: 4, start_time: '09:00', end_time: '10:00' }] }));
    expect(replaced.map((r) => r.week_day)).toEqual([2, 4]);
    const noClass = await w.server.call('POST', '/api/v1/edu_class_time_range/add', { headers: w.admin.headers, json: [] });
    expect(noClass.body.code).toBe(400);
    expect(noClass.body.msg).toContain('班级');
    const page = await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/edu_class_time_range/page', { headers: w.admin.headers, query: { class_id: cls } }));
    expect(page.totalSize).toBe(2);
  });
});

describe('date helpers used above', () => {
  it('addDays is consistent with the server', () => {
    expect(addDays('2029-01-01', 7)).toBe('2029-01-08');
  });
});
