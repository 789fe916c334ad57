import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClass, addStudent, ok, setupWorld, type World } from './fixture';

let w: World;
beforeAll(async () => {
  w = await setupWorld();
});
afterAll(async () => w.server.close());

describe('classes smoke', () => {
  it('creates a class, enrols a student, arranges, checks in', async () => {
    const cls = await addClass(w);
    const st = await addStudent(w, '小明');
    await ok(w.server.call('POST', '/api/v1/stu_class/join', { headers: w.admin.headers, json: { student_id: st, class_id: cls, join_date: '2020-01-01' } }));
    const res = await ok(
      w.server.call<{ count: number; ids: number[] }>('POST', '/api/v1/edu_class_schedule/arrange_schedule', {
        headers: w.admin.headers,
        json: { class_id: cls, date_start: '2026-01-05', date_end: '2026-01-18', slots: [{ week_day: 1, start_time: '09:00', end_time: '10:30' }] },
      }),
    );
    expect(res.count).toBe(2);
  });
});
