import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays } from '../../../server/modules/classes/arrange';
import { invalidatePrincipals } from '../../../server/lib/auth';
import { FULL_VALUE_PERM } from '../../../src/contract/mask';
import type { CheckInRow } from '../../../src/contract/classes';
import { addStudent, classWithLessons, ok, setupWorld, today, type World } from './fixture';
import { begunLesson } from '../lesson-times';

let w: World;
beforeAll(async () => {
  w = await setupWorld();
  // the principal here holds no code to see phones in full (the demo principal does): lists mask them
  const role = await w.server.db.selectFrom('roles').select('id').where('code', '=', 'principal').executeTakeFirstOrThrow();
  const codes = await w.server.db.selectFrom('menus').select('id').where('code', '=', FULL_VALUE_PERM).execute();
  await w.server.db.deleteFrom('role_menus').where('role_id', '=', role.id).where('menu_id', 'in', codes.map((c) => c.id)).execute();
  invalidatePrincipals();
});
afterAll(async () => w.server.close());

interface NamedRow {
  id: number;
  student_id: number;
  student_name: string | null;
  parent_phone: string | null;
  class_name: string | null;
}

async function className(id: number): Promise<string> {
  return (await w.server.db.selectFrom('base_class_manage').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
}

async function teacherName(scheduleId: number): Promise<string> {
  const row = await w.server.db.selectFrom('edu_class_schedule as s').innerJoin('users as u', 'u.id', 's.teacher_id').select('u.name').where('s.id', '=', scheduleId).executeTakeFirstOrThrow();
  return row.name;
}

describe('names in the lists', () => {
  it('stu_class/page names the student (phone masked), the class and the class type', async () => {
    const { classId } = await classWithLessons(w, { from: today(), to: today(), students: [] });
    const st = await addStudent(w, '名单生甲', undefined, '13812341234');
    await ok(w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: st, class_id: classId } }));
    const page = await ok(w.server.call<{ content: (NamedRow & { class_type_name: string | null })[]; totalSize: number }>('GET', '/api/v1/stu_class/page', { headers: w.principal.headers, query: { class_id: classId } }));
    expect(page.totalSize).toBe(1);
    expect(page.content[0]).toMatchObject({ student_id: st, student_name: '名单生甲', parent_phone: '138****1234', class_name: await className(classId) });
    expect(page.content[0].class_type_name).toBeTruthy();
    // The full number never leaves the server in a list.
    expect(JSON.stringify(page)).not.toContain('13812341234');
    // with the code, in full
    const full = await ok(w.server.call<{ content: NamedRow[] }>('GET', '/api/v1/stu_class/page', { headers: w.admin.headers, query: { class_id: classId } }));
    expect(full.content[0].parent_phone).toBe('13812341234');
  });

  it('edu_check_in/page and detail give student, class, lesson time and teacher', async () => {
    // a lesson that has begun, so it can be marked whenever the suite runs
    const at = begunLesson();
    const { classId, studentIds, lessonIds } = await classWithLessons(w, { from: addDays(at.date, -1), to: at.date, students: ['名单生乙'], start: at.start, end: at.end });
    const lesson = lessonIds[lessonIds.length - 1];
    await ok(w.server.call('POST', '/api/v1/check_in', { headers: w.admin.headers, query: { c: 'zh' }, json: { schedule_id: lesson, student_id: studentIds[0], mark: 'present' } }));
    const page = await ok(w.server.call<{ content: (CheckInRow & { end_time: string; teacher_name: string })[] }>('GET', '/api/v1/edu_check_in/page', { headers: w.principal.headers, query: { class_id: classId } }));
    const want = { student_name: '名单生乙', class_name: await className(classId), lesson_date: at.date, start_time: at.start, end_time: at.end, teacher_name: await teacherName(lesson) };
    expect(page.content[0]).toMatchObject(want);
    const detail = await ok(w.server.call<CheckInRow>('GET', '/api/v1/edu_check_in/detail', { headers: w.principal.headers, query: { id: page.content[0].id } }));
    expect(detail).toMatchObject(want);
  });

  it('edu_stu_leave/page names the student, class, lesson time, teacher and the make-up lesson', async () => {
    const { classId, studentIds, lessonIds } = await classWithLessons(w, { from: today(), to: addDays(today(), 14), students: ['名单生丙'], start: '14:00', end: '15:00' });
    const leave = await ok(w.server.call<{ id: number }>('POST', '/api/v1/edu_stu_leave/add', { headers: w.admin.headers, json: { student_id: studentIds[0], schedule_id: lessonIds[1], reason: '感冒' } }));
    const other = await classWithLessons(w, { from: today(), to: today(), students: [], start: '18:00', end: '19:00' });
    await ok(w.server.call('POST', '/api/v1/edu_stu_leave/makeup', { headers: w.admin.headers, json: { id: leave.id, makeup_schedule_id: other.lessonIds[0] } }));
    const page = await ok(w.server.call<{ content: (NamedRow & Record<string, unknown>)[]; totalSize: number }>('GET', '/api/v1/edu_stu_leave/page', { headers: w.principal.headers, query: { class_id: classId } }));
    expect(page.totalSize).toBe(1);
    expect(page.content[0]).toMatchObject({
      id: leave.id,
      student_name: '名单生丙',
      class_name: await className(classId),
      start_time: '14:00',
      end_time: '15:00',
      teacher_name: await teacherName(lessonIds[1]),
      makeup_lesson_date: today(),
      makeup_start_time: '18:00',
    });
    expect(String(page.content[0].parent_phone)).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('the check-in list total of its default filter is counted from an index alone (SQLite)', async () => {
    if (w.server.dialect !== 'sqlite') return;
    const plan = async (where: string) =>
      (await sql<{ detail: string }>`explain query plan ${sql.raw(`select count(*) from edu_check_in k where ${where}`)}`.execute(w.server.db)).rows.map((r) => r.detail).join(' | ');
    expect(await plan(`k.state = 1 and k.lesson_date >= '2024-05-01' and k.lesson_date <= '2024-05-31'`)).toContain('USING COVERING INDEX');
    expect(await plan(`k.school_id in (1, 2) and k.state = 1 and k.lesson_date >= '2024-05-01' and k.lesson_date <= '2024-05-31'`)).toContain('USING COVERING INDEX');
  });
});
