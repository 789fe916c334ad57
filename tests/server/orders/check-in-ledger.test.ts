import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/modules/classes';
import { activateLine, ledgerViolations, lineBalances, openLine } from '../../../server/modules/orders';
import { classWithLessons, ok, setupWorld, today, type World } from '../classes/fixture';

/**
 * The classes area's lesson hours on the orders ledger: a check-in posts a consumption against
 * the consumable line that expires soonest (paid money first), a changed mark or an undo reverses
 * exactly what it posted, an expired line is passed over, and the balance the class screens read
 * (student_class_type) stays equal to the ledger.
 */

let w: World;
const CHECK_IN = '/api/v1/check_in';

beforeAll(async () => {
  w = await setupWorld();
}, 120_000);

afterAll(async () => {
  await w?.server.close();
});

async function line(studentId: number, hours: number, endDate: string | null, paid: number): Promise<number> {
  return w.server.db.transaction().execute(async (trx) => {
    const row = await openLine(trx, { schoolId: w.bj, studentId, classTypeId: w.classTypeId, source: 'order', boughtHours: hours, giftHours: 0, paidMoney: paid, promoMoney: 1000, endDate, by: null });
    await activateLine(trx, row.id, null);
    return row.id;
  });
}

describe('check-ins on the ledger', () => {
  it('takes the soonest-expiring consumable line, skips an expired one, and reverses exactly on change and undo', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: addDays(today(), -2), to: today(), students: ['账本一'], addHours: 0 });
    const [st] = studentIds;
    const expired = await line(st, 300, '2000-01-01', 30000);
    const later = await line(st, 300, '2099-12-31', 30000);
    const sooner = await line(st, 300, addDays(today(), 30), 30000);
    const lesson = await w.server.db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', classId).where('lesson_date', '=', today()).executeTakeFirstOrThrow();

    const first = await ok(w.server.call<{ id: number; remaining_hours: number }>('POST', CHECK_IN, { headers: w.admin.headers, json: { schedule_id: lesson.id, student_id: st, mark: 'present' } }));
    expect(first.remaining_hours).toBe(7.5);
    let lines = await lineBalances(w.server.db, st, w.classTypeId);
    const byId = (id: number) => lines.find((l) => l.line_id === id);
    // 1.5 hours of 3 carry half the line's value (31000 fen), all of it from the paid money
    expect(byId(sooner)).toMatchObject({ remaining_hours: 150, consumed_hours: 150, paid_left: 14500, promo_left: 1000 });
    expect(byId(later)).toMatchObject({ remaining_hours: 300, consumed_hours: 0 });
    expect(byId(expired)).toMatchObject({ remaining_hours: 300, consumable: false });

    // a mark that takes nothing reverses the consumption with its reason
    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, json: { schedule_id: lesson.id, student_id: st, mark: 'leave' } }));
    lines = await lineBalances(w.server.db, st, w.classTypeId);
    expect(byId(sooner)).toMatchObject({ remaining_hours: 300, consumed_hours: 0, paid_left: 30000 });
    const flow = await w.server.db.selectFrom('order_hours_flow').selectAll().where('ref_type', '=', 'check_in').where('ref_id', '=', String(first.id)).orderBy('id').execute();
    expect(flow.map((r) => [r.biz_type, Number(r.amount)])).toEqual([
      ['consumption', -150],
      ['reversal', 150],
    ]);
    expect(flow[1].reverses_id).toBe(flow[0].id);

    await ok(w.server.call('POST', CHECK_IN, { headers: w.admin.headers, json: { schedule_id: lesson.id, student_id: st, mark: 'late' } }));
    const undone = await ok(w.server.call<{ count: number; hours_restored: number }>('POST', '/api/v1/edu_class_schedule/multiple_undo_attendance', { headers: w.admin.headers, json: { ids: [first.id], reason: '点错了' } }));
    expect(undone).toMatchObject({ count: 1, hours_restored: 1.5 });
    const reversal = await w.server.db.selectFrom('order_hours_flow').select(['reason']).where('ref_id', '=', String(first.id)).where('biz_type', '=', 'reversal').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(reversal.reason).toBe('点错了');
    const balance = await w.server.db.selectFrom('student_class_type').select('remaining_hours').where('student_id', '=', st).executeTakeFirstOrThrow();
    expect(Number(balance.remaining_hours)).toBe(9);
    expect(await ledgerViolations(w.server.db)).toEqual([]);
  });

  it('refuses the check-in when only expired hours are left, naming them', async () => {
    const { classId, studentIds } = await classWithLessons(w, { from: today(), to: today(), students: ['账本二'], addHours: 0 });
    const [st] = studentIds;
    await line(st, 300, '2000-01-01', 30000);
    const lesson = await w.server.db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', classId).executeTakeFirstOrThrow();
    const res = await w.server.call('POST', CHECK_IN, { headers: w.admin.headers, json: { schedule_id: lesson.id, student_id: st, mark: 'present' } });
    expect(res.body).toMatchObject({ code: 409, msg: '课时不足：账本二 剩余 0 课时（另有 3 课时已过有效期）' });
    const rows = await w.server.db.selectFrom('edu_check_in').select('id').where('schedule_id', '=', lesson.id).execute();
    expect(rows).toEqual([]);
  });
});
