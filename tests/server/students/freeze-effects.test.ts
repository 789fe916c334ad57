import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/lib/time';
import { activateLine, openLine } from '../../../server/modules/orders';
import '../../../server/modules/students/schema';
import '../../../server/modules/orders/validity';
import { classWithLessons, ok, setupWorld, today, ALL_DAYS, type World } from '../classes/fixture';
import { begunLesson } from '../lesson-times';

/*
 * The freeze rule (issue 12): a frozen student's lessons are not arranged or consumed during the
 * frozen dates, and the validity of their contract lines moves out by the frozen days as a recorded
 * event of the orders area (and back, recorded, when the freeze is rolled back or ends early).
 */

let w: World;
const api = (p: string) => `/api/v1/${p}`;

beforeAll(async () => {
  w = await setupWorld();
  await w.server.db.updateTable('wf_define').set({ state: 0 }).where('tag', 'in', ['freeze']).execute();
}, 120_000);
afterAll(async () => w?.server.close());

async function enrolled(name: string, from: string, to: string): Promise<{ classId: number; student: number; lessons: Map<string, number> }> {
  const { classId, studentIds } = await classWithLessons(w, { from, to, students: [name], addHours: 100 });
  await w.server.db.updateTable('student').set({ state: 1 }).where('id', '=', studentIds[0]).execute();
  return { classId, student: studentIds[0], lessons: await lessonsOf(classId) };
}

async function lessonsOf(classId: number): Promise<Map<string, number>> {
  const rows = await w.server.db.selectFrom('edu_class_schedule').select(['id', 'lesson_date']).where('class_id', '=', classId).execute();
  return new Map(rows.map((r) => [r.lesson_date, r.id]));
}

async function onDates(student: number, classId: number): Promise<string[]> {
  const rows = await w.server.db.selectFrom('edu_class_schedule_student').select('lesson_date').where('student_id', '=', student).where('class_id', '=', classId).orderBy('lesson_date').execute();
  return rows.map((r) => r.lesson_date);
}

function dates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

async function freeze(student: number, start: string, end: string): Promise<number> {
  const f = await ok(w.server.call<{ id: number }>('POST', api('student/apply_freeze'), { headers: w.principal.headers, json: { student_id: student, start_date: start, end_date: end, reason: '出国' } }));
  await ok(w.server.call('POST', api('student/check_freeze'), { headers: w.principal.headers, json: { id: f.id, state: 2 } }));
  return f.id;
}

/** A contract line of the student ending on `end` (on an order when given), active with hours. */
async function line(student: number, end: string, orderId: number | null = null): Promise<number> {
  const l = await openLine(w.server.db, { schoolId: w.bj, studentId: student, classTypeId: w.classTypeId, orderId, source: 'order', boughtHours: 1000, giftHours: 0, paidMoney: 10000, promoMoney: 0, startDate: addDays(today(), -30), endDate: end, by: null });
  await w.server.db.transaction().execute((trx) => activateLine(trx, l.id, null));
  return l.id;
}

async function endOf(lineId: number): Promise<string | null> {
  return (await w.server.db.selectFrom('order_contract_line').select('end_date').where('id', '=', lineId).executeTakeFirstOrThrow()).end_date;
}

async function events(ref: number): Promise<{ line_id: number; days: number; end_date_before: string; end_date_after: string }[]> {
  const rows = await w.server.db.selectFrom('order_line_validity_event').select(['line_id', 'days', 'end_date_before', 'end_date_after']).where('ref_type', '=', 'student_freeze').where('ref_id', '=', ref).orderBy('id').execute();
  return rows.map((r) => ({ ...r, days: Number(r.days) }));
}

describe('a frozen student: lessons', () => {
  it('approval takes the student off the lessons of the frozen dates; arranging and joining skip those dates; check-in and adding a place are refused', async () => {
    const t = today();
    const { classId, student, lessons } = await enrolled('冻结上课生', addDays(t, -2), addDays(t, 6));
    const other = (await classWithLessons(w, { from: t, to: t, students: ['同班不冻结'] })).studentIds[0];
    expect(await onDates(student, classId)).toEqual(dates(addDays(t, -2), addDays(t, 6)));
    await freeze(student, t, addDays(t, 3));
    expect(await onDates(student, classId)).toEqual([addDays(t, -2), addDays(t, -1), addDays(t, 4), addDays(t, 5), addDays(t, 6)]);

    // the lessons arranged later skip the frozen dates too
    const begun = begunLesson();
    await ok(w.server.call('POST', api('edu_class_schedule/arrange_schedule'), { headers: w.admin.headers, json: { class_id: classId, date_start: addDays(t, 7), date_end: addDays(t, 8), slots: ALL_DAYS.map((s) => ({ ...s, start_time: begun.start, end_time: begun.end })) } }));
    expect(await onDates(student, classId)).toEqual([addDays(t, -2), addDays(t, -1), addDays(t, 4), addDays(t, 5), addDays(t, 6), addDays(t, 7), addDays(t, 8)]);

    // a mark on a frozen date is refused with the reason (also a replay from an offline outbox)
    const refused = await w.server.call('POST', api('check_in'), { headers: w.admin.headers, json: { schedule_id: lessons.get(t), student_id: student, mark: 'present', checked_at: `${t} ${begun.start}:30` } });
    expect(refused.body).toMatchObject({ code: 409, msg: `学员 冻结上课生 在 ${t} 至 ${addDays(t, 3)} 冻结中，${t} 的课不能签到` });
    expect(await w.server.db.selectFrom('edu_check_in').select('id').where('student_id', '=', student).execute()).toEqual([]);
    // putting the student back on a frozen lesson by hand is refused as well
    const place = await w.server.call('POST', api('edu_class_schedule_student/add'), { headers: w.admin.headers, json: { schedule_id: lessons.get(addDays(t, 1)), student_id: student, school_id: w.bj, is_makeup: 0 } });
    expect(place.body).toMatchObject({ code: 409, msg: `学员 冻结上课生 在 ${t} 至 ${addDays(t, 3)} 冻结中，${addDays(t, 1)} 的课不能安排` });
    // another student of the campus is not concerned
    expect(other).toBeGreaterThan(0);

    // joining another class while frozen: on its lessons except the frozen dates
    const second = await classWithLessons(w, { from: t, to: addDays(t, 5), students: [] });
    await ok(w.server.call('POST', api('stu_class/join'), { headers: w.admin.headers, json: { student_id: student, class_id: second.classId, join_date: t } }));
    expect(await onDates(student, second.classId)).toEqual([addDays(t, 4), addDays(t, 5)]);
  });

  it('a lesson moved onto a frozen date drops the frozen student from its roster; moved off again, the student is back on', async () => {
    const t = today();
    const { classId, studentIds } = await classWithLessons(w, { from: t, to: addDays(t, 3), students: ['挪课冻结生', '挪课同班生'], addHours: 100 });
    const [student, mate] = studentIds;
    await w.server.db.updateTable('student').set({ state: 1 }).where('id', 'in', studentIds).execute();
    await freeze(student, addDays(t, 6), addDays(t, 8));
    const lesson = (await lessonsOf(classId)).get(addDays(t, 3)) ?? 0;
    const roster = async () => (await w.server.db.selectFrom('edu_class_schedule_student').select(['student_id', 'lesson_date']).where('schedule_id', '=', lesson).orderBy('student_id').execute()).map((r) => `${r.student_id}@${r.lesson_date}`);
    expect(await roster()).toEqual([student, mate].map((id) => `${id}@${addDays(t, 3)}`));
    const begun = begunLesson();
    // 调整课次 (revise) onto the second frozen day: the frozen student comes off, the classmate stays
    await ok(w.server.call('POST', api('edu_class_schedule/revise'), { headers: w.admin.headers, json: { id: lesson, lesson_date: addDays(t, 7), start_time: begun.start, end_time: begun.end } }));
    expect(await roster()).toEqual([`${mate}@${addDays(t, 7)}`]);
    const timetable = await ok(w.server.call<{ content: { student_id: number }[] }>('GET', api('edu_class_schedule_student/page'), { headers: w.admin.headers, query: { schedule_id: lesson } }));
    expect(timetable.content.map((r) => r.student_id)).toEqual([mate]);
    // the lesson's own update call (the 课次 form) off the freeze again: the student is back on
    await ok(w.server.call('POST', api('edu_class_schedule/update'), { headers: w.admin.headers, json: { id: lesson, lesson_date: addDays(t, 10), start_time: begun.start, end_time: begun.end } }));
    expect(await roster()).toEqual([student, mate].map((id) => `${id}@${addDays(t, 10)}`));
    // and onto the first frozen day through the update call: off once more
    await ok(w.server.call('POST', api('edu_class_schedule/update'), { headers: w.admin.headers, json: { id: lesson, lesson_date: addDays(t, 6), start_time: begun.start, end_time: begun.end } }));
    expect(await roster()).toEqual([`${mate}@${addDays(t, 6)}`]);
  });

  it('a rollback puts the student back on the lessons; an early freeze-off from the off date on', async () => {
    const t = today();
    const a = await enrolled('撤销冻结生', t, addDays(t, 9));
    const fa = await freeze(a.student, addDays(t, 2), addDays(t, 5));
    expect(await onDates(a.student, a.classId)).toHaveLength(6);
    await ok(w.server.call('POST', api('student/freeze_rollback'), { headers: w.principal.headers, json: { id: fa } }));
    expect(await onDates(a.student, a.classId)).toEqual(dates(t, addDays(t, 9)));

    const b = await enrolled('提前解冻生', t, addDays(t, 9));
    const fb = await freeze(b.student, addDays(t, 1), addDays(t, 8));
    expect(await onDates(b.student, b.classId)).toEqual([t, addDays(t, 9)]);
    const off = await ok(w.server.call<{ id: number }>('POST', api('student_freeze_off_apply/add'), { headers: w.principal.headers, json: { freeze_id: fb, student_id: b.student, off_date: addDays(t, 4), reason: '提前回来' } }));
    await ok(w.server.call('POST', api('student_freeze_off_apply/check'), { headers: w.principal.headers, json: { id: off.id, state: 2 } }));
    expect(await onDates(b.student, b.classId)).toEqual([t, ...dates(addDays(t, 4), addDays(t, 9))]);
    // the days that were frozen stay frozen (已解冻 until the day before the off date)
    const lesson = b.lessons.get(addDays(t, 2));
    const place = await w.server.call('POST', api('edu_class_schedule_student/add'), { headers: w.admin.headers, json: { schedule_id: lesson, student_id: b.student, school_id: w.bj, is_makeup: 0 } });
    expect(place.body).toMatchObject({ code: 409, msg: `学员 提前解冻生 在 ${addDays(t, 1)} 至 ${addDays(t, 3)} 冻结中，${addDays(t, 2)} 的课不能安排` });
  });
});

describe('a frozen student: validity of the contract lines', () => {
  it('moves out by the frozen days on approval, recorded per line and in the order log; a rollback moves it back, recorded', async () => {
    const t = today();
    const { student } = await enrolled('冻结有效期生', t, t);
    const order = await w.server.db.selectFrom('order_form').select(['id', 'school_id']).where('del_flag', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const running = await line(student, addDays(t, 100), order.id);
    const loose = await line(student, addDays(t, 40));
    const expired = await line(student, addDays(t, -1));
    const f = await freeze(student, t, addDays(t, 9));
    expect([await endOf(running), await endOf(loose), await endOf(expired)]).toEqual([addDays(t, 110), addDays(t, 50), addDays(t, -1)]);
    expect(await events(f)).toEqual([
      { line_id: running, days: 10, end_date_before: addDays(t, 100), end_date_after: addDays(t, 110) },
      { line_id: loose, days: 10, end_date_before: addDays(t, 40), end_date_after: addDays(t, 50) },
    ]);
    const log = await w.server.db.selectFrom('order_form_log').select(['action', 'reason', 'snapshot', 'operator_name']).where('order_id', '=', order.id).where('action', '=', 'validity').execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ reason: `学员冻结 ${t} 至 ${addDays(t, 9)}，有效期顺延 10 天`, operator_name: expect.stringMatching(/.+/) });
    expect(JSON.parse(String(log[0].snapshot))).toMatchObject({ ref_type: 'student_freeze', ref_id: f, lines: [{ id: running, days: 10 }] });

    await ok(w.server.call('POST', api('student/freeze_rollback'), { headers: w.principal.headers, json: { id: f } }));
    expect([await endOf(running), await endOf(loose), await endOf(expired)]).toEqual([addDays(t, 100), addDays(t, 40), addDays(t, -1)]);
    expect((await events(f)).map((e) => `${e.line_id}:${e.days}:${e.end_date_after}`)).toEqual([
      `${running}:10:${addDays(t, 110)}`,
      `${loose}:10:${addDays(t, 50)}`,
      `${running}:-10:${addDays(t, 100)}`,
      `${loose}:-10:${addDays(t, 40)}`,
    ]);
    expect(await w.server.db.selectFrom('order_form_log').select('id').where('order_id', '=', order.id).where('action', '=', 'validity').execute()).toHaveLength(2);
  });

  it('an early freeze-off moves it back by the unused days only', async () => {
    const t = today();
    const { student } = await enrolled('解冻有效期生', t, t);
    const l = await line(student, addDays(t, 60));
    const f = await freeze(student, t, addDays(t, 19));
    expect(await endOf(l)).toBe(addDays(t, 80));
    const off = await ok(w.server.call<{ id: number }>('POST', api('student_freeze_off_apply/add'), { headers: w.principal.headers, json: { freeze_id: f, student_id: student, off_date: addDays(t, 5), reason: '提前回来' } }));
    await ok(w.server.call('POST', api('student_freeze_off_apply/check'), { headers: w.principal.headers, json: { id: off.id, state: 2 } }));
    // 5 days frozen (today … today+4), 15 given back
    expect(await endOf(l)).toBe(addDays(t, 65));
    expect((await events(f)).map((e) => e.days)).toEqual([20, -15]);
  });
});
