import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/modules/classes/arrange';
import { CHECK_IN_UNDO_MINUTES, type CheckInLogRow, type CheckInRow, type RosterSession } from '../../../src/contract/classes';
import { nowText } from '../../../server/lib/time';
import { classWithLessons, hoursOf, ok, setupWorld, today, type World } from './fixture';

let w: World;
beforeAll(async () => {
  w = await setupWorld();
});
afterAll(async () => w.server.close());

const CHECK_IN = '/api/v1/check_in';

async function lessonOn(classId: number, date: string): Promise<number> {
  const row = await w.server.db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', classId).where('lesson_date', '=', date).executeTakeFirstOrThrow();
  return row.id;
}

describe('check_in', () => {
  it('consumes the lesson hours once per (lesson, student); a later mark adjusts and both are logged', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: addDays(today(), -2), to: today(), students: ['刘一'] });
    const [st] = studentIds;
    const lesson = await lessonOn(classId, today());
    expect(await hoursOf(w, st)).toBe(150);
    const first = await ok(w.server.call<CheckInRow & { remaining_hours: number }>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: st, mark: 'present', device: '前台平板1' } }));
    expect(first).toMatchObject({ mark: 'present', hours: 1.5, remaining_hours: 148.5 });
    const again = await ok(w.server.call<CheckInRow & { remaining_hours: number }>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: st, mark: 'present', device: '老师手机' } }));
    expect(again.id).toBe(first.id);
    expect(await hoursOf(w, st)).toBe(148.5);
    // every answer states the balance the store holds after it: posted (the first), untouched (a repeat), restored (absent), taken again (late)
    expect(again.remaining_hours).toBe(148.5);
    const late = await ok(w.server.call<CheckInRow & { remaining_hours: number }>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: st, mark: 'absent', device: '老师手机' } }));
    expect(late).toMatchObject({ id: first.id, mark: 'absent', hours: 0, remaining_hours: 150 });
    expect(await hoursOf(w, st)).toBe(150);
    const lateAgain = await ok(w.server.call<CheckInRow & { remaining_hours: number }>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: st, mark: 'late', device: '老师手机' } }));
    expect(lateAgain).toMatchObject({ id: first.id, mark: 'late', hours: 1.5, remaining_hours: 148.5 });
    expect(await hoursOf(w, st)).toBe(148.5);
    const absentAgain = await ok(w.server.call<CheckInRow & { remaining_hours: number }>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: st, mark: 'absent', device: '老师手机' } }));
    expect(absentAgain.remaining_hours).toBe(150);
    const rows = await w.server.db.selectFrom('edu_check_in').select('id').where('schedule_id', '=', lesson).execute();
    expect(rows).toHaveLength(1);
    const log = await ok(w.server.call<{ content: CheckInLogRow[] }>('GET', '/api/v1/edu_check_in/patch_log', { headers: w.admin.headers, query: { check_in_id: first.id } }));
    expect(log.content.map((l) => `${l.action}:${l.old_mark ?? ''}>${l.new_mark ?? ''}:${l.hours_delta}:${l.device}`).reverse()).toEqual([
      'add:>present:-1.5:前台平板1',
      'repeat:present>present:0:老师手机',
      'patch:present>absent:1.5:老师手机',
      'patch:absent>late:-1.5:老师手机',
      'patch:late>absent:1.5:老师手机',
    ]);
    expect(log.content[0].operator_name).toBe('王建国');
    const lessonRow = await w.server.db.selectFrom('edu_class_schedule').select('state').where('id', '=', lesson).executeTakeFirstOrThrow();
    expect(lessonRow.state).toBe(2);
  });

  it('leave and absent consume nothing; late consumes like present', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['陈二', '张三', '李四'] });
    const lesson = await lessonOn(classId, today());
    const marks = ['leave', 'absent', 'late'] as const;
    for (const [i, mark] of marks.entries()) await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[i], mark } }));
    expect([await hoursOf(w, studentIds[0]), await hoursOf(w, studentIds[1]), await hoursOf(w, studentIds[2])]).toEqual([150, 150, 148.5]);
  });

  it('never takes hours below zero: 409 names the student and the hours left', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: addDays(today(), -1), to: today(), students: ['赵五'], addHours: 2 });
    const [st] = studentIds;
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: await lessonOn(classId, addDays(today(), -1)), student_id: st, mark: 'present' } }));
    const res = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: await lessonOn(classId, today()), student_id: st, mark: 'late' } });
    expect(res.body).toMatchObject({ code: 409, msg: '课时不足：赵五 剩余 0.5 课时' });
    expect(await hoursOf(w, st)).toBe(0.5);
    expect(await w.server.db.selectFrom('edu_check_in').select('id').where('student_id', '=', st).execute()).toHaveLength(1);
  });

  it('an Idempotency-Key replay answers the stored answer and writes once', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['孙六'] });
    const lesson = await lessonOn(classId, today());
    const headers = { ...w.admin.headers, 'Idempotency-Key': 'b2a6d7f2-check-in-1' };
    const json = { schedule_id: lesson, student_id: studentIds[0], mark: 'present' };
    const a = await ok(w.server.call<CheckInRow>('POST', CHECK_IN, { headers, query: { c: 'zh' }, json }));
    const b = await ok(w.server.call<CheckInRow>('POST', CHECK_IN, { headers, query: { c: 'zh' }, json }));
    expect(b).toEqual(a);
    expect(await hoursOf(w, studentIds[0])).toBe(148.5);
    const logs = await w.server.db.selectFrom('edu_check_in_log').select('id').where('student_id', '=', studentIds[0]).execute();
    expect(logs).toHaveLength(1);
  });

  it('an older offline mark does not overwrite a newer one (but is logged)', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['周七'] });
    const lesson = await lessonOn(classId, today());
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'late', checked_at: nowText(Date.now() - 2 * 60_000) } }));
    const stale = await ok(w.server.call<CheckInRow>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present', checked_at: nowText(Date.now() - 5 * 60_000) } }));
    expect(stale.mark).toBe('late');
    const logs = await w.server.db.selectFrom('edu_check_in_log').select(['action', 'remark']).where('student_id', '=', studentIds[0]).orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'repeat']);
    expect(logs[1].remark).toContain('未覆盖');
  });

  it('refuses future lessons, closed windows (until prolonged) and students not on the list', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: addDays(today(), -10), to: addDays(today(), 1), students: ['吴八'] });
    const future = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: await lessonOn(classId, addDays(today(), 1)), student_id: studentIds[0], mark: 'present' } });
    expect(future.body.code).toBe(409);
    expect(future.body.msg).toContain('课程尚未开始');
    const oldLesson = await lessonOn(classId, addDays(today(), -10));
    const closed = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: oldLesson, student_id: studentIds[0], mark: 'present' } });
    expect(closed.body).toMatchObject({ code: 409, msg: `签到已截止（截止日期 ${addDays(today(), -3)}），请先延长签到期限` });
    await ok(w.server.call('POST', '/api/v1/edu_check_in/prolong', { headers: w.admin.headers, json: { ids: [oldLesson], deadline: today() } }));
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: oldLesson, student_id: studentIds[0], mark: 'present' } }));
    const other = await classWithLessons(w, { from: today(), to: today(), students: ['郑九'] });
    const notOnList = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: await lessonOn(classId, today()), student_id: other.studentIds[0], mark: 'present' } });
    expect(notOnList.body).toMatchObject({ code: 409, msg: '学员 郑九 不在本次课的上课名单中' });
  });

  it('a class set to 已停班 takes no check-in, online nor replayed from an outbox (Idempotency-Key), until it runs again', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['钱十一', '孙十二'] });
    const lesson = await lessonOn(classId, today());
    const name = (await w.server.db.selectFrom('base_class_manage').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
    await ok(w.server.call('POST', '/api/v1/base_class_manage/update_cm_state', { headers: w.admin.headers, json: { ids: [classId], state: 4 } }));
    const online = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } });
    expect(online.body).toMatchObject({ code: 409, msg: `班级「${name}」已停班，不能签到` });
    const replay = { ...w.admin.headers, 'Idempotency-Key': 'c7e1a0d2-stopped-class-1' };
    const tappedAt = nowText(Date.now() - 60_000);
    for (let i = 0; i < 2; i++) {
      const res = await w.server.call('POST', CHECK_IN, { headers: replay, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[1], mark: 'late', checked_at: tappedAt } });
      expect(res.body).toMatchObject({ code: 409, msg: `班级「${name}」已停班，不能签到` });
    }
    expect(await w.server.db.selectFrom('edu_check_in').select('id').where('schedule_id', '=', lesson).execute()).toHaveLength(0);
    expect([await hoursOf(w, studentIds[0]), await hoursOf(w, studentIds[1])]).toEqual([150, 150]);
    await ok(w.server.call('POST', '/api/v1/base_class_manage/update_cm_state', { headers: w.admin.headers, json: { ids: [classId], state: 2 } }));
    await ok(w.server.call('POST', CHECK_IN, { headers: replay, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[1], mark: 'late', checked_at: tappedAt } }));
    expect(await hoursOf(w, studentIds[1])).toBe(148.5);
  });

  it('bad input 400, no session 401, no code 403, out of scope 404', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['冯十'] });
    const lesson = await lessonOn(classId, today());
    const bad = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'here' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '考勤标记只能是 present、late、leave 或 absent' });
    const missing = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { student_id: studentIds[0], mark: 'present' } });
    expect(missing.body).toMatchObject({ code: 400, msg: '请选择课次' });
    expect((await w.server.call('POST', CHECK_IN, { query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } })).status).toBe(401);
    expect((await w.server.call('POST', CHECK_IN, { headers: w.telemarketer.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } })).body).toMatchObject({ code: 403, msg: '没有操作权限：edu_check_in_add' });
    // the front desk works in 广州天河; this lesson is in 北京朝阳
    expect((await w.server.call('POST', CHECK_IN, { headers: w.frontDesk.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } })).body).toMatchObject({ code: 404 });
    expect(await hoursOf(w, studentIds[0])).toBe(150);
  });
});

describe('patch, undo, lists', () => {
  it('patch changes a mark with its hours and logs it; undo restores hours; patch of an undone row is refused', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['甲同学', '乙同学'] });
    const lesson = await lessonOn(classId, today());
    const a = await ok(w.server.call<CheckInRow>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'absent' } }));
    const b = await ok(w.server.call<CheckInRow>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[1], mark: 'present' } }));
    const patched = await ok(w.server.call<CheckInRow & { remaining_hours: number }>('POST', '/api/v1/edu_check_in/patch', { headers: w.admin.headers, json: { id: a.id, mark: 'late', remark: '迟到十分钟' } }));
    expect(patched).toMatchObject({ mark: 'late', hours: 1.5, remaining_hours: 148.5 });
    const undone = await ok(w.server.call<{ count: number; hours_restored: number }>('POST', '/api/v1/edu_class_schedule/multiple_undo_attendance', { headers: w.admin.headers, json: { ids: [a.id, b.id], reason: '点错班级' } }));
    expect(undone).toEqual({ count: 2, hours_restored: 3 });
    expect([await hoursOf(w, studentIds[0]), await hoursOf(w, studentIds[1])]).toEqual([150, 150]);
    const again = await w.server.call('POST', '/api/v1/edu_check_in/patch', { headers: w.admin.headers, json: { id: a.id, mark: 'present' } });
    expect(again.body).toMatchObject({ code: 409, msg: '该签到记录已撤销，不能修改' });
    const state = await w.server.db.selectFrom('edu_class_schedule').select('state').where('id', '=', lesson).executeTakeFirstOrThrow();
    expect(state.state).toBe(1);
    const detail = await ok(w.server.call<{ logs: CheckInLogRow[]; state: number }>('GET', '/api/v1/edu_check_in/detail', { headers: w.admin.headers, query: { id: a.id } }));
    expect(detail.state).toBe(0);
    expect(detail.logs.map((l) => l.action)).toEqual(['add', 'patch', 'undo']);
    // checking in again after an undo is a fresh check-in
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } }));
    expect(await hoursOf(w, studentIds[0])).toBe(148.5);
  });

  it('undo groups: add, execute through multiple_undo_attendance, abort only pending ones', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['丙同学'] });
    const lesson = await lessonOn(classId, today());
    const k = await ok(w.server.call<CheckInRow>('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } }));
    const g1 = await ok(w.server.call<{ id: number; state: number }>('POST', '/api/v1/edu_undo_group/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '撤销一', check_in_ids: [k.id], reason: '重复签到' } }));
    expect(g1.state).toBe(1);
    const g2 = await ok(w.server.call<{ id: number }>('POST', '/api/v1/edu_undo_group/add', { headers: w.admin.headers, json: { school_id: w.bj, name: '撤销二', check_in_ids: String(k.id), reason: '测试' } }));
    await ok(w.server.call('POST', '/api/v1/edu_undo_group/abort', { headers: w.admin.headers, json: { id: g2.id } }));
    const aborted = await w.server.call('POST', '/api/v1/edu_class_schedule/multiple_undo_attendance', { headers: w.admin.headers, json: { group_id: g2.id } });
    expect(aborted.body).toMatchObject({ code: 409, msg: '该撤销组已执行或已中止' });
    expect(await ok(w.server.call('POST', '/api/v1/edu_class_schedule/multiple_undo_attendance', { headers: w.admin.headers, json: { group_id: g1.id } }))).toEqual({ count: 1, hours_restored: 1.5 });
    expect(await hoursOf(w, studentIds[0])).toBe(150);
    const group = await w.server.db.selectFrom('edu_undo_group').select('state').where('id', '=', g1.id).executeTakeFirstOrThrow();
    expect(group.state).toBe(2);
    const undoneRow = await w.server.db.selectFrom('edu_check_in').select(['state', 'undo_group_id']).where('id', '=', k.id).executeTakeFirstOrThrow();
    expect(undoneRow).toEqual({ state: 0, undo_group_id: g1.id });
    const del = await w.server.call('POST', '/api/v1/edu_undo_group/delete', { headers: w.admin.headers, json: [{ id: g1.id }] });
    expect(del.body.code).toBe(409);
    const abortDone = await w.server.call('POST', '/api/v1/edu_undo_group/abort', { headers: w.admin.headers, json: { id: g1.id } });
    expect(abortDone.body).toMatchObject({ code: 409, msg: '只有待撤销的撤销组可以中止' });
    expect((await w.server.call('POST', '/api/v1/edu_undo_group/abort', { headers: w.telemarketer.headers, json: { id: g1.id } })).body.code).toBe(403);
    expect((await w.server.call('POST', '/api/v1/edu_undo_group/abort', { headers: w.frontDesk.headers, json: { id: g1.id } })).body.code).toBe(403);
  });

  it('edu_check_in/page filters by class, student, mark and dates, sorts, and hides other campuses', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: addDays(today(), -3), to: today(), students: ['页一', '页二'] });
    for (let d = -3; d <= 0; d++) {
      const lesson = await lessonOn(classId, addDays(today(), d));
      await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: d === -1 ? 'absent' : 'present' } }));
      await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[1], mark: 'late' } }));
    }
    const page = await ok(w.server.call<{ content: CheckInRow[]; totalSize: number }>('GET', '/api/v1/edu_check_in/page', { headers: w.principal.headers, query: { class_id: classId, student_id: studentIds[0], mark: 'present', sort: 'lesson_date', rows: 2 } }));
    expect(page.totalSize).toBe(3);
    expect(page.content.map((r) => r.lesson_date)).toEqual([addDays(today(), -3), addDays(today(), -2)]);
    expect(page.content[0]).toMatchObject({ student_name: '页一', mark: 'present', hours: 1.5 });
    // the same call again is answered from the kept count; a later mark on the table changes it
    const presentQuery = { class_id: classId, student_id: studentIds[0], mark: 'present', sort: 'lesson_date', rows: 2 };
    const presentTotal = async (): Promise<number> => (await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/edu_check_in/page', { headers: w.principal.headers, query: presentQuery }))).totalSize;
    expect(await presentTotal()).toBe(3);
    const absentLesson = await lessonOn(classId, addDays(today(), -1));
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: absentLesson, student_id: studentIds[0], mark: 'present' } }));
    expect(await presentTotal()).toBe(4);
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: absentLesson, student_id: studentIds[0], mark: 'absent' } }));
    expect(await presentTotal()).toBe(3);
    const ranged = await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/edu_check_in/page', { headers: w.principal.headers, query: { class_id: classId, lesson_date_start: addDays(today(), -1), lesson_date_end: today() } }));
    expect(ranged.totalSize).toBe(4);
    const hidden = await ok(w.server.call<{ totalSize: number }>('GET', '/api/v1/edu_check_in/page', { headers: w.frontDesk.headers, query: { class_id: classId } }));
    expect(hidden.totalSize).toBe(0);
    const badSort = await w.server.call('GET', '/api/v1/edu_check_in/page', { headers: w.principal.headers, query: { sort: 'password desc' } });
    expect(badSort.body).toMatchObject({ code: 400, msg: '不支持按 password 排序' });
    const badMark = await w.server.call('GET', '/api/v1/edu_check_in/page', { headers: w.principal.headers, query: { mark: 'x' } });
    expect(badMark.body.code).toBe(400);
    expect((await w.server.call('GET', '/api/v1/edu_check_in/page', {})).status).toBe(401);
    const absences = await ok(w.server.call<{ content: { student_name: string; parent_phone: string; mark: string }[]; totalSize: number }>('POST', '/api/v1/edu_class_schedule_student/absenceList', { headers: w.principal.headers, form: { class_id: classId, mark: 'absent,leave' } }));
    expect(absences.totalSize).toBe(1);
    expect(absences.content[0]).toMatchObject({ student_name: '页一', mark: 'absent' });
    const badForm = await w.server.call('POST', '/api/v1/edu_class_schedule_student/absenceList', { headers: w.principal.headers, form: { mark: 'present' } });
    expect(badForm.body).toMatchObject({ code: 400, msg: '缺勤记录的考勤标记只能是 leave 或 absent' });
    const progress = await ok(w.server.call<{ sessions_total: number; sessions_done: number; students: { name: string; attended: number; absent: number; remaining_hours: number }[] }>('GET', '/api/v1/edu_attendance/progress', { headers: w.principal.headers, query: { class_id: classId } }));
    expect(progress).toMatchObject({ sessions_total: 4, sessions_done: 4 });
    expect(progress.students.find((s) => s.name === '页一')).toMatchObject({ attended: 3, absent: 1, remaining_hours: 145.5 });
    expect((await w.server.call('GET', '/api/v1/edu_attendance/progress', { headers: w.frontDesk.headers, query: { class_id: classId } })).body.code).toBe(404);
  });

  it('today_roster lists the campus lessons with students, marks, hours and parent phones', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['名单一', '名单二'] });
    const lesson = await lessonOn(classId, today());
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } }));
    const roster = await ok(w.server.call<RosterSession[]>('GET', '/api/v1/edu_check_in/today_roster', { headers: w.principal.headers, query: { school_id: w.bj, date: today() } }));
    const mine = roster.find((r) => r.schedule_id === lesson);
    expect(mine?.hours_per_lesson).toBe(1.5);
    expect(mine?.students.map((s) => [s.name, s.mark, s.remaining_hours])).toEqual([
      ['名单一', 'present', 148.5],
      ['名单二', null, 150],
    ]);
    expect(mine?.students[0].parent_phone).toMatch(/^1\d{10}$/);
    expect((await w.server.call('GET', '/api/v1/edu_check_in/today_roster', { headers: w.principal.headers, query: { school_id: w.gz } })).body.code).toBe(404);
    expect((await w.server.call('GET', '/api/v1/edu_check_in/today_roster', { headers: w.principal.headers, query: {} })).body).toMatchObject({ code: 400, msg: '请选择校区' });
  });

  it('a lesson with check-ins cannot be deleted or moved to another day', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['删课'] });
    const lesson = await lessonOn(classId, today());
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } }));
    const del = await w.server.call('POST', '/api/v1/edu_class_schedule/delete', { headers: w.admin.headers, json: [{ id: lesson }] });
    expect(del.body.code).toBe(409);
    expect(del.body.msg).toContain('已有签到记录，不能删除');
    const move = await w.server.call('POST', '/api/v1/edu_class_schedule/revise', { headers: w.admin.headers, json: { id: lesson, lesson_date: addDays(today(), 1), start_time: '09:00', end_time: '10:00' } });
    expect(move.body.code).toBe(409);
    const kept = await ok(w.server.call<{ count: number; kept: number }>('POST', '/api/v1/edu_class_schedule/delete_schedule', { headers: w.admin.headers, json: { class_id: classId } }));
    expect(kept).toEqual({ count: 0, kept: 1 });
  });
});

describe('check_in/undo: the front desk takes back its own mis-tap', () => {
  const UNDO = '/api/v1/check_in/undo';
  it('undoes the same user\'s check-in of the last minutes, gives the hours back, and is idempotent', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['吴一', '郑二', '冯三'] });
    const lesson = await lessonOn(classId, today());
    const [a, b, c] = studentIds;
    await ok(w.server.call('POST', CHECK_IN, { headers: w.principal.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: a, mark: 'late' } }));
    expect(await hoursOf(w, a)).toBe(148.5);
    expect(await ok(w.server.call('POST', UNDO, { headers: w.principal.headers, json: { schedule_id: lesson, student_id: a, device: '前台平板1' } }))).toEqual({ count: 1, hours_restored: 1.5 });
    expect(await hoursOf(w, a)).toBe(150);
    const row = await w.server.db.selectFrom('edu_check_in').select(['state']).where('schedule_id', '=', lesson).where('student_id', '=', a).executeTakeFirstOrThrow();
    expect(row.state).toBe(0);
    // a replayed undo changes nothing
    expect(await ok(w.server.call('POST', UNDO, { headers: w.principal.headers, json: { schedule_id: lesson, student_id: a } }))).toEqual({ count: 0, hours_restored: 0 });
    expect(await hoursOf(w, a)).toBe(150);
    // and the student can be checked in again
    await ok(w.server.call('POST', CHECK_IN, { headers: w.principal.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: a, mark: 'present' } }));
    expect(await hoursOf(w, a)).toBe(148.5);

    // another user's check-in is not theirs to take back
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: b, mark: 'present' } }));
    const other = await w.server.call('POST', UNDO, { headers: w.principal.headers, json: { schedule_id: lesson, student_id: b } });
    expect(other.body).toMatchObject({ code: 409, msg: '只能撤销自己刚才的签到，请联系教务在考勤记录中修改' });
    expect(await hoursOf(w, b)).toBe(148.5);

    // older than the window: refused, whatever the time of day
    await ok(w.server.call('POST', CHECK_IN, { headers: w.principal.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: c, mark: 'present', checked_at: nowText(Date.now() - 11 * 60_000) } }));
    const old = await w.server.call('POST', UNDO, { headers: w.principal.headers, json: { schedule_id: lesson, student_id: c } });
    expect(old.body).toMatchObject({ code: 409, msg: `签到已超过${CHECK_IN_UNDO_MINUTES}分钟，不能在前台撤销，请联系教务在考勤记录中修改` });
    expect(await hoursOf(w, c)).toBe(148.5);
    // an offline undo tapped within the window is replayed later and still counts
    const tapped = nowText(Date.now() - 10 * 60_000);
    expect(await ok(w.server.call('POST', UNDO, { headers: w.principal.headers, json: { schedule_id: lesson, student_id: c, undone_at: tapped } }))).toEqual({ count: 1, hours_restored: 1.5 });

    // bad input is a Chinese 400; outside the caller's campuses a 404
    expect((await w.server.call('POST', UNDO, { headers: w.principal.headers, json: { schedule_id: lesson } })).body.code).toBe(400);
    expect((await w.server.call('POST', UNDO, { headers: w.frontDesk.headers, json: { schedule_id: lesson, student_id: a } })).body.code).toBe(404);
  });
});
