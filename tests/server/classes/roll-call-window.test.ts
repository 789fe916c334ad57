import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_OPENS_MINUTES, type CheckInRow } from '../../../src/contract/classes';
import { OUTBOX_AGE_HEADER } from '../../../src/contract/call';
import { nowText } from '../../../server/lib/time';
import { begunLesson, lessonStartingIn, type LessonSlot } from '../lesson-times';
import { classWithLessons, hoursOf, ok, setupWorld, type World } from './fixture';

/** Issue 18 defect 15: roll call may not mark a lesson well before it starts (online or replayed). */
let w: World;
beforeAll(async () => {
  w = await setupWorld();
});
afterAll(async () => w.server.close());

const CHECK_IN = '/api/v1/check_in';
const MIN = 60_000;

async function lessonAt(slot: LessonSlot, students: string[]): Promise<{ lesson: number; studentIds: number[] }> {
  const made = await classWithLessons(w, { from: slot.date, to: slot.date, start: slot.start, end: slot.end, students });
  return { lesson: made.lessonIds[0], studentIds: made.studentIds };
}

function refusal(slot: LessonSlot): { code: number; msg: string } {
  return { code: 409, msg: `课程尚未开始（${slot.date} ${slot.start} 上课），开课前${CHECK_IN_OPENS_MINUTES}分钟内才能点名` };
}

function checkIn(lesson: number, student: number, extra: { headers?: Record<string, string>; checked_at?: string } = {}) {
  return w.server.call<CheckInRow>('POST', CHECK_IN, {
    headers: { ...w.admin.headers, ...extra.headers },
    query: { c: 'zh' },
    json: { schedule_id: lesson, student_id: student, mark: 'present', ...(extra.checked_at ? { checked_at: extra.checked_at } : {}) },
  });
}

async function marked(lesson: number): Promise<number> {
  return (await w.server.db.selectFrom('edu_check_in').select('id').where('schedule_id', '=', lesson).where('state', '=', 1).execute()).length;
}

describe(`roll call opens ${CHECK_IN_OPENS_MINUTES} minutes before the lesson`, () => {
  it('refuses a lesson starting in 45 minutes, with the rule in the message, and takes one starting in 20', async () => {
    const later = lessonStartingIn(45);
    const early = await lessonAt(later, ['早一']);
    expect((await checkIn(early.lesson, early.studentIds[0])).body).toMatchObject(refusal(later));
    expect(await hoursOf(w, early.studentIds[0])).toBe(150);
    expect(await marked(early.lesson)).toBe(0);

    const soon = await lessonAt(lessonStartingIn(20), ['早二']);
    await ok(checkIn(soon.lesson, soon.studentIds[0]));
    expect(await hoursOf(w, soon.studentIds[0])).toBe(148.5);
  });

  it('an outbox replay is judged by when it was tapped (the age header), not when it arrives', async () => {
    const begun = begunLesson();
    const { lesson, studentIds } = await lessonAt(begun, ['补一', '补二', '补三', '补四']);
    const [tooEarly, inWindow, farBack, junk] = studentIds;
    // tapped 60 minutes ago: 50 minutes before the start, before roll call opened
    expect((await checkIn(lesson, tooEarly, { headers: { [OUTBOX_AGE_HEADER]: String(60 * MIN), 'Idempotency-Key': 'd1f0e6a2-early-tap-1' } })).body).toMatchObject(refusal(begun));
    // tapped 20 minutes ago: 10 minutes before the start, inside the window
    await ok(checkIn(lesson, inWindow, { headers: { [OUTBOX_AGE_HEADER]: String(20 * MIN), 'Idempotency-Key': 'd1f0e6a2-window-tap-1' } }));
    // a claimed age beyond the bound counts as the bound (a week), still before the lesson
    expect((await checkIn(lesson, farBack, { headers: { [OUTBOX_AGE_HEADER]: String(400 * 24 * 60 * MIN) } })).body).toMatchObject(refusal(begun));
    // a header that is not a number of milliseconds is ignored: the tap is now
    await ok(checkIn(lesson, junk, { headers: { [OUTBOX_AGE_HEADER]: '-3600000' } }));
    expect(await marked(lesson)).toBe(2);
    // the device's wall clock in the body does not override the header
    const other = await lessonAt(begunLesson(), ['补五']);
    expect((await checkIn(other.lesson, other.studentIds[0], { headers: { [OUTBOX_AGE_HEADER]: String(60 * MIN) }, checked_at: nowText() })).body.code).toBe(409);
  });

  it('without the header, a replay is judged by the time its body claims, which may not lie in the future', async () => {
    const begun = begunLesson();
    const { lesson, studentIds } = await lessonAt(begun, ['钟一', '钟二']);
    expect((await checkIn(lesson, studentIds[0], { checked_at: nowText(Date.now() - 60 * MIN) })).body).toMatchObject(refusal(begun));
    await ok(checkIn(lesson, studentIds[1], { checked_at: nowText(Date.now() - 20 * MIN) }));

    const later = lessonStartingIn(45);
    const early = await lessonAt(later, ['钟三']);
    // a device claiming it tapped an hour from now is taken as tapping now: still too early
    expect((await checkIn(early.lesson, early.studentIds[0], { checked_at: nowText(Date.now() + 60 * MIN) })).body).toMatchObject(refusal(later));
    expect((await checkIn(early.lesson, early.studentIds[0], { headers: { [OUTBOX_AGE_HEADER]: '0' } })).body).toMatchObject(refusal(later));
    expect(await marked(early.lesson)).toBe(0);
  });

  it('a stored mark is stamped no later than the server clock', async () => {
    const { lesson, studentIds } = await lessonAt(begunLesson(), ['钟四']);
    const before = nowText();
    const row = await ok(checkIn(lesson, studentIds[0], { checked_at: nowText(Date.now() + 3 * 60 * MIN) }));
    expect(row.checked_at >= before && row.checked_at <= nowText()).toBe(true);
  });

  it('a leave may be registered ahead, but 修改考勤 may not turn it into attendance before roll call opens', async () => {
    const later = lessonStartingIn(45);
    const { lesson, studentIds } = await lessonAt(later, ['假一']);
    await ok(w.server.call('POST', '/api/v1/edu_stu_leave/add', { headers: w.admin.headers, json: { student_id: studentIds[0], schedule_id: lesson, reason: '看病' } }));
    const row = await w.server.db.selectFrom('edu_check_in').select(['id', 'mark']).where('schedule_id', '=', lesson).executeTakeFirstOrThrow();
    expect(row.mark).toBe('leave');
    const patch = await w.server.call('POST', '/api/v1/edu_check_in/patch', { headers: w.admin.headers, json: { id: row.id, mark: 'present' } });
    expect(patch.body).toMatchObject(refusal(later));
    expect(await hoursOf(w, studentIds[0])).toBe(150);
  });
});
