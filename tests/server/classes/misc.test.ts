import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowText } from '../../../server/lib/time';
import { addDays } from '../../../server/modules/classes/arrange';
import { addClass, addStudent, classWithLessons, hoursOf, ok, setupWorld, today, type World } from './fixture';

let w: World;
beforeAll(async () => {
  w = await setupWorld();
});
afterAll(async () => w.server.close());

describe('enrolment', () => {
  it('join grants the course hours once, refuses duplicates and full classes; withdraw takes the student off future lessons', async () => {
    const cls = await addClass(w, { capacity: 1, teacher: null, room: null });
    const a = await addStudent(w, '入班甲');
    const b = await addStudent(w, '入班乙');
    const can = await ok(w.server.call<{ can: boolean }>('GET', '/api/v1/stu_class/is_can_sign_up', { headers: w.admin.headers, query: { student_id: a, class_id: cls } }));
    expect(can.can).toBe(true);
    const e = await ok(w.server.call<{ id: number; state: number }>('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: a, class_id: cls } }));
    expect(await hoursOf(w, a)).toBe(150);
    expect((await w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: a, class_id: cls } })).body.msg).toMatch(/^学员 入班甲 已在班级 .+ 中$/);
    const full = await w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: b, class_id: cls } });
    expect(full.body.code).toBe(409);
    expect(full.body.msg).toContain('已满（容量 1 人）');
    expect((await ok(w.server.call<{ can: boolean; reason: string }>('GET', '/api/v1/stu_class/is_can_sign_up', { headers: w.admin.headers, query: { student_id: b, class_id: cls } }))).can).toBe(false);
    const left = await ok(w.server.call<{ state: number }>('POST', '/api/v1/stu_class/withdraw', { headers: w.admin.headers, json: { id: e.id } }));
    expect(left.state).toBe(2);
    expect((await w.server.call('POST', '/api/v1/stu_class/withdraw', { headers: w.admin.headers, json: { id: e.id } })).body.code).toBe(409);
    expect((await w.server.call('POST', '/api/v1/stu_class/join', { headers: w.telemarketer.headers, json: { student_id: b, class_id: cls } })).body.code).toBe(403);
    expect((await w.server.call('POST', '/api/v1/stu_class/join', { json: { student_id: b, class_id: cls } })).status).toBe(401);
    expect((await w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: b, class_id: cls, add_hours: -1 } })).body).toMatchObject({ code: 400, msg: '课时不能为负数' });
    const warm = await w.server.call('POST', '/api/v1/stu_class/join_warm_up_class', { headers: w.admin.headers, json: { student_id: b, class_id: cls } });
    expect(warm.body.code).toBe(409);
  });

  it('ct_transfer moves a student between classes; the join lists show open classes', async () => {
    const from = await addClass(w, { teacher: null, room: null, name: '转出班' });
    const to = await addClass(w, { teacher: null, room: null, name: '转入班' });
    const st = await addStudent(w, '转班生');
    await ok(w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: st, class_id: from } }));
    await ok(w.server.call('POST', '/api/v1/ct_transfer/add', { headers: w.admin.headers, json: { school_id: w.bj, student_id: st, from_class_id: from, to_class_id: to, reason: '时间冲突' } }));
    const rows = await w.server.db.selectFrom('stu_class').select(['class_id', 'state']).where('student_id', '=', st).orderBy('id').execute();
    expect(rows).toEqual([
      { class_id: from, state: 3 },
      { class_id: to, state: 1 },
    ]);
    const again = await w.server.call('POST', '/api/v1/ct_transfer/add', { headers: w.admin.headers, json: { school_id: w.bj, student_id: st, from_class_id: from, to_class_id: to } });
    expect(again.body.code).toBe(409);
    const page = await ok(w.server.call<{ content: { id: number; enrolled: number }[] }>('GET', '/api/v1/base_class_manage/join_page', { headers: w.principal.headers, query: { name: '转入班', rows: 100 } }));
    expect(page.content.find((c) => c.id === to)?.enrolled).toBe(1);
    const warm = await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/base_class_manage/warm_up_page', { headers: w.principal.headers, query: { name: '转入班' } }));
    expect(warm.totalSize).toBe(0);
  });
});

describe('class management calls', () => {
  it('update_cm_state, update_kf(s), gangers, have_tea_attend, delete rules', async () => {
    const cls = await addClass(w);
    await ok(w.server.call('POST', '/api/v1/edu_sc_class_tea/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: cls, teacher_id: w.teachers[1], role: 2 } }));
    expect((await w.server.call('POST', '/api/v1/edu_sc_class_tea/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: cls, teacher_id: w.teachers[1] } })).body).toMatchObject({ code: 409, msg: '该老师已在班级老师中' });
    const gangers = await ok(w.server.call<{ name: string; role: string }[]>('GET', '/api/v1/base_class_manage/gangers', { headers: w.principal.headers, query: { class_id: cls } }));
    expect(gangers).toEqual([
      { teacher_id: w.teachers[0], name: '张伟', role: 'head' },
      { teacher_id: w.teachers[1], name: '李娜', role: 'assistant' },
    ]);
    await ok(w.server.call('POST', '/api/v1/base_class_manage/update_cm_state', { headers: w.principal.headers, json: { ids: [cls], state: 2 } }));
    await ok(w.server.call('POST', '/api/v1/base_class_manage/update_kf', { headers: w.principal.headers, json: { id: cls, kf_id: w.teachers[1] } }));
    await ok(w.server.call('POST', '/api/v1/base_class_manage/update_kfs', { headers: w.principal.headers, json: { ids: [cls], kf_id: w.teachers[0] } }));
    const row = await w.server.db.selectFrom('base_class_manage').select(['state', 'kf_id']).where('id', '=', cls).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 2, kf_id: w.teachers[0] });
    expect((await w.server.call('POST', '/api/v1/base_class_manage/update_cm_state', { headers: w.principal.headers, json: { ids: [cls], state: 9 } })).body.code).toBe(400);
    expect((await w.server.call('POST', '/api/v1/base_class_manage/update_cm_state', { headers: w.telemarketer.headers, json: { ids: [cls], state: 1 } })).body.code).toBe(403);
    const gzClass = await addClass(w, { school: w.gz, teacher: w.teachers[2], room: w.roomGz });
    expect((await w.server.call('POST', '/api/v1/base_class_manage/update_kf', { headers: w.principal.headers, json: { id: gzClass, kf_id: w.teachers[0] } })).body.code).toBe(404);
    expect(await ok(w.server.call('GET', '/api/v1/base_class_manage/have_tea_attend', { headers: w.principal.headers, query: { class_id: cls } }))).toEqual({ have: false, count: 0 });
    const wrongRoom = await w.server.call('POST', '/api/v1/base_class_manage/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '错教室', class_type_id: w.classTypeId, classroom_id: w.roomGz, capacity: 10 } });
    expect(wrongRoom.body).toMatchObject({ code: 400, msg: '教室不属于该班级所在校区' });
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['在读生'] });
    expect((await w.server.call('POST', '/api/v1/base_class_manage/delete', { headers: w.admin.headers, json: [{ id: classId }] })).body.msg).toMatch(/还有在读学员，不能删除$/);
    expect(studentIds).toHaveLength(1);
  });

  it('class types: detail, visible, protocol, name_page; delete refused while in use', async () => {
    const detail = await ok(w.server.call<{ total_hours: number; class_count: number }>('GET', '/api/v1/prod_class_type/detail', { headers: w.admin.headers, query: { id: w.classTypeId } }));
    expect(detail.total_hours).toBe(150);
    await ok(w.server.call('POST', '/api/v1/prod_class_type/protocol', { headers: w.admin.headers, json: { id: w.classTypeId, protocol: '报名协议正文' } }));
    expect(await ok(w.server.call<{ protocol: string }>('GET', '/api/v1/prod_class_type/protocol', { headers: w.admin.headers, query: { id: w.classTypeId } }))).toMatchObject({ protocol: '报名协议正文' });
    await ok(w.server.call('POST', '/api/v1/prod_class_type/visible', { headers: w.admin.headers, json: { id: w.classTypeId, visible: 0 } }));
    const names = await ok(w.server.call<{ content: { id: number }[] }>('GET', '/api/v1/prod_class_type/name_page', { headers: w.admin.headers, query: { rows: 100 } }));
    expect(names.content.some((c) => c.id === w.classTypeId)).toBe(false);
    expect((await w.server.call('POST', '/api/v1/prod_class_type/visible', { headers: w.telemarketer.headers, json: { id: w.classTypeId, visible: 1 } })).body.code).toBe(403);
    expect((await w.server.call('POST', '/api/v1/prod_class_type/visible', { headers: w.admin.headers, json: { id: 999999, visible: 1 } })).body.code).toBe(404);
    expect((await w.server.call('POST', '/api/v1/prod_class_type/delete', { headers: w.admin.headers, json: [{ id: w.classTypeId }] })).body.msg).toMatch(/^班型正在被班级 .+ 使用，不能删除$/);
    const dup = await w.server.call('POST', '/api/v1/prod_class_type/add', { headers: w.admin.headers, json: { name: '少儿英语启蒙', lesson_count: 10, hours_per_lesson: 1 } });
    expect(dup.body).toMatchObject({ code: 409, msg: '班型名称已存在' });
  });
});

describe('leave, make-up, plans, punch, data', () => {
  it('student leave marks the lesson, make-up books another lesson of the class type', async () => {
    const { classId, studentIds, lessonIds } = await classWithLessons(w, { from: today(), to: addDays(today(), 365), students: ['请假生'] });
    expect(classId).toBeGreaterThan(0);
    const leave = await ok(w.server.call<{ id: number; state: number }>('POST', '/api/v1/edu_stu_leave/add', { headers: w.admin.headers, json: { student_id: studentIds[0], schedule_id: lessonIds[1], reason: '发烧' } }));
    expect(leave.state).toBe(1);
    expect(await hoursOf(w, studentIds[0])).toBe(150);
    const k = await w.server.db.selectFrom('edu_check_in').select('mark').where('schedule_id', '=', lessonIds[1]).where('student_id', '=', studentIds[0]).executeTakeFirstOrThrow();
    expect(k.mark).toBe('leave');
    const other = await classWithLessons(w, { from: today(), to: today(), students: [] });
    const made = await ok(w.server.call<{ state: number; makeup_schedule_id: number }>('POST', '/api/v1/edu_stu_leave/makeup', { headers: w.admin.headers, json: { id: leave.id, makeup_schedule_id: other.lessonIds[0] } }));
    expect(made).toMatchObject({ state: 2, makeup_schedule_id: other.lessonIds[0] });
    await ok(w.server.call('POST', '/api/v1/check_in', { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: other.lessonIds[0], student_id: studentIds[0], mark: 'present' } }));
    expect(await hoursOf(w, studentIds[0])).toBe(148.5);
    expect((await w.server.call('POST', '/api/v1/edu_stu_leave/makeup', { headers: w.admin.headers, json: { id: leave.id, makeup_schedule_id: other.lessonIds[0] } })).body.code).toBe(409);
    expect((await w.server.call('POST', '/api/v1/edu_stu_leave/delete', { headers: w.admin.headers, json: [{ id: leave.id }] })).body.code).toBe(409);
  });

  it('schedule applications and the course plan tree', async () => {
    const { classId, lessonIds } = await classWithLessons(w, { from: today(), to: today(), students: [] });
    const apply = await ok(w.server.call<{ id: number; state: number }>('POST', '/api/v1/plan_edu_class_schedule_apply/put', { headers: w.admin.headers, json: { schedule_id: lessonIds[0], apply_type: 2, new_teacher_id: w.teachers[0], reason: '出差' } }));
    expect((await w.server.call('POST', '/api/v1/plan_edu_class_schedule_apply/put', { headers: w.admin.headers, json: { schedule_id: lessonIds[0], apply_type: 1, reason: '调课' } })).body).toMatchObject({ code: 400, msg: '调课请填写新日期和新的上课时间' });
    const mine = await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/plan_edu_class_schedule_apply/tea_page', { headers: w.admin.headers }));
    expect(mine.totalSize).toBeGreaterThanOrEqual(1);
    await ok(w.server.call('POST', '/api/v1/plan_edu_class_schedule_apply/abort', { headers: w.admin.headers, json: { id: apply.id } }));
    expect((await w.server.call('POST', '/api/v1/plan_edu_class_schedule_apply/abort', { headers: w.admin.headers, json: { id: apply.id } })).body.code).toBe(409);
    const stage = await ok(w.server.call<{ id: number }>('POST', '/api/v1/edu_course_schedule/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: classId, level: 1, name: '第一阶段' } }));
    const unit = await ok(w.server.call<{ id: number }>('POST', '/api/v1/edu_course_schedule/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: classId, parent_id: stage.id, level: 2, name: 'Unit 1' } }));
    await ok(w.server.call('POST', '/api/v1/edu_course_schedule/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: classId, parent_id: unit.id, level: 3, name: 'Lesson 1', lesson_no: 1 } }));
    expect((await w.server.call('POST', '/api/v1/edu_course_schedule/add', { headers: w.admin.headers, json: { school_id: w.bj, class_id: classId, parent_id: unit.id, level: 2, name: '错' } })).body.code).toBe(400);
    const tree = await ok(w.server.call<{ text: string; nodes: { text: string; nodes: { text: string }[] }[] }[]>('GET', '/api/v1/edu_course_schedule/tree', { headers: w.admin.headers, query: { class_id: classId } }));
    expect(tree[0].text).toBe('第一阶段');
    expect(tree[0].nodes[0].nodes[0].text).toBe('Lesson 1');
    await ok(w.server.call('POST', '/api/v1/edu_course_schedule/review', { headers: w.admin.headers, json: { ids: [stage.id], review_state: 1 } }));
    expect((await w.server.call('POST', '/api/v1/edu_course_schedule/review', { headers: w.admin.headers, json: { ids: [stage.id], review_state: 2 } })).body.msg).toBe('驳回时请填写审核意见');
    expect((await w.server.call('POST', '/api/v1/edu_course_schedule/delete', { headers: w.admin.headers, json: [{ id: stage.id }] })).body.code).toBe(409);
    expect(await ok(w.server.call('POST', '/api/v1/edu_course_schedule/level_delete', { headers: w.admin.headers, json: { id: stage.id } }))).toEqual({ count: 3 });
  });

  it('the attendance punch arrives once per Idempotency-Key and lists the own punches', async () => {
    const desk = w.frontDesk.headers;
    // A punch a minute ago: a fixed clock time would lie in the future when the suite runs shortly after midnight.
    const body = { time: nowText(Date.now() - 60_000), lat: 23.13, lng: 113.32, accuracy: 15, device: 'iPhone 390x844' };
    const a = await ok(w.server.call<{ id: number }>('POST', '/api/v1/wf_clock_in/punch', { headers: { ...desk, 'Idempotency-Key': 'punch-1' }, json: body }));
    const b = await ok(w.server.call<{ id: number }>('POST', '/api/v1/wf_clock_in/punch', { headers: { ...desk, 'Idempotency-Key': 'punch-1' }, json: body }));
    expect(b.id).toBe(a.id);
    const other = await w.server.call('POST', '/api/v1/wf_clock_in/punch', { headers: { ...desk, 'Idempotency-Key': 'punch-1' }, json: { ...body, device: '另一台' } });
    expect(other.body).toMatchObject({ code: 409, msg: '幂等键已用于另一请求' });
    const page = await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/wf_clock_in/page', { headers: desk }));
    expect(page.totalSize).toBe(1);
    expect((await w.server.call('POST', '/api/v1/wf_clock_in/punch', { headers: desk, json: { ...body, time: '2099-01-01 00:00:00' } })).body).toMatchObject({ code: 400, msg: '打卡时间不能晚于当前时间' });
    expect((await w.server.call('POST', '/api/v1/wf_clock_in/punch', { headers: desk, json: { time: body.time } })).body).toMatchObject({ code: 400, msg: '请提供设备信息' });
    expect((await w.server.call('GET', '/api/v1/wf_clock_in/page', { headers: desk, query: { user_id: 1 } })).body.code).toBe(403);
    expect((await w.server.call('POST', '/api/v1/wf_clock_in/punch', { json: body })).status).toBe(401);
  });

  it('class_data sums a campus; holidays refuse an end before the start', async () => {
    const data = await ok(w.server.call<{ classes: number; check_ins: Record<string, number> }>('GET', '/api/v1/data_center/class_data', { headers: w.principal.headers, query: { school_id: w.bj, date_start: '2000-01-01', date_end: '2099-12-31' } }));
    expect(data.classes).toBeGreaterThan(0);
    expect((await w.server.call('GET', '/api/v1/data_center/class_data', { headers: w.principal.headers, query: { school_id: w.gz, date_start: '2000-01-01', date_end: '2099-12-31' } })).body.code).toBe(404);
    expect((await w.server.call('POST', '/api/v1/base_holiday_set/add', { headers: w.admin.headers, json: { name: '错', start_date: '2027-02-02', end_date: '2027-02-01' } })).body).toMatchObject({ code: 400, msg: '结束日期不能早于开始日期' });
    const slot = await w.server.call('POST', '/api/v1/base_auto_cs_time_set/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '上午', start_time_str: '10:00', end_time_str: '09:00' } });
    expect(slot.body).toMatchObject({ code: 400, msg: '结束时间必须晚于开始时间' });
  });
});
