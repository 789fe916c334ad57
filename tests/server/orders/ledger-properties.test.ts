import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLine, ledgerViolations, lineBalances, openLine, postHours, reverseHours } from '../../../server/modules/orders';
import { ApiError } from '../../../server/lib/http';
import { periodOf } from '../../../server/lib/number-sequence';
import { ordersWorld, api, ok, packOrder, studentWithoutHours, type OrdersWorld } from './fixture';

/**
 * Property-style: thousands of random operations (lines opened and paid, consumptions, reversals,
 * refused over-consumption) on a few students, each in its own transaction as a request would be;
 * after every batch the invariants hold (ledgerViolations) and what a student has left equals the
 * model kept beside it. 50 concurrent order creations get gapless unique numbers. SQLite and
 * PostgreSQL.
 */

let w: OrdersWorld;

beforeAll(async () => {
  w = await ordersWorld();
}, 120_000);

afterAll(async () => {
  await w?.s.close();
});

/** Deterministic pseudo-random numbers (a failure replays the same sequence). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe('ledger invariants under random operations', () => {
  it('hold after 2000 random postings, and each student keeps exactly what the model says', async () => {
    const random = rng(20261124);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const students = [await studentWithoutHours(w, 2), await studentWithoutHours(w, 3), await studentWithoutHours(w, 4)];
    const model = new Map<number, number>(students.map((s) => [s, 0]));
    /** consumptions not yet reversed: ref → [student, hours] */
    const live = new Map<number, [number, number]>();
    let ref = 0;
    let refused = 0;
    const run = <T>(fn: (trx: typeof w.s.db) => Promise<T>) => w.s.db.transaction().execute(fn);
    for (let step = 0; step < 2000; step++) {
      const student = pick(students);
      const roll = random();
      if (roll < 0.08) {
        const hours = 100 * (1 + Math.floor(random() * 20));
        await run(async (trx) => {
          const line = await openLine(trx, { schoolId: w.chaoyang, studentId: student, classTypeId: w.classTypeId, source: 'order', boughtHours: hours, giftHours: Math.floor(random() * 3) * 50, paidMoney: Math.floor(random() * 100000), promoMoney: Math.floor(random() * 10000), endDate: random() < 0.2 ? '2000-01-01' : null, by: null });
          await activateLine(trx, line.id, null);
          const [row] = await trx.selectFrom('order_contract_line').select(['bought_hours', 'gift_hours', 'end_date']).where('id', '=', line.id).execute();
          if (row.end_date === null) model.set(student, (model.get(student) ?? 0) + row.bought_hours + row.gift_hours);
        });
      } else if (roll < 0.75) {
        const hours = 25 * (1 + Math.floor(random() * 12));
        ref++;
        const id = ref;
        try {
          await run((trx) => postHours(trx, { studentId: student, classTypeId: w.classTypeId, hours, refType: 'prop', refId: id, by: null }));
          model.set(student, (model.get(student) ?? 0) - hours);
          live.set(id, [student, hours]);
        } catch (e) {
          expect(e).toBeInstanceOf(ApiError);
          expect((e as ApiError).message).toContain('课时不足');
          expect(model.get(student) ?? 0).toBeLessThan(hours);
          refused++;
        }
      } else if (live.size > 0) {
        const id = pick([...live.keys()]);
        const [who, hours] = live.get(id) ?? [0, 0];
        const restored = await run((trx) => reverseHours(trx, { refType: 'prop', refId: id, reason: '随机冲正', by: null }));
        expect(restored).toBe(hours);
        live.delete(id);
        model.set(who, (model.get(who) ?? 0) + hours);
      }
      if (step % 500 === 499) expect(await ledgerViolations(w.s.db)).toEqual([]);
    }
    for (const s of students) {
      const lines = await lineBalances(w.s.db, s, w.classTypeId);
      expect(lines.filter((l) => l.consumable).reduce((n, l) => n + l.remaining_hours, 0)).toBe(model.get(s));
      expect(lines.every((l) => l.remaining_hours >= 0 && l.paid_left >= 0 && l.promo_left >= 0)).toBe(true);
    }
    expect(refused).toBeGreaterThan(0);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  }, 600_000);

  it('concurrent consumptions of the same last hours never take more than there is', async () => {
    const student = await studentWithoutHours(w, 5);
    await w.s.db.transaction().execute(async (trx) => {
      const line = await openLine(trx, { schoolId: w.chaoyang, studentId: student, classTypeId: w.classTypeId, source: 'order', boughtHours: 300, giftHours: 0, paidMoney: 3000, promoMoney: 0, by: null });
      await activateLine(trx, line.id, null);
    });
    const tries = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => w.s.db.transaction().execute((trx) => postHours(trx, { studentId: student, classTypeId: w.classTypeId, hours: 100, refType: 'race', refId: i, by: null }))),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(3);
    const [line] = await lineBalances(w.s.db, student, w.classTypeId);
    expect(line).toMatchObject({ remaining_hours: 0, paid_left: 0 });
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });
});

describe('document numbers', () => {
  it('50 concurrent order creations get unique numbers without gaps', async () => {
    const series = `DD${periodOf('year')}-`;
    const before = await w.s.db.selectFrom('order_form').select('order_no').where('school_id', '=', w.chaoyang).where('order_no', 'like', `${series}%`).execute();
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.s.call<{ order_no: string }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w) })));
    const numbers = answers.map((a) => {
      expect(a.body.code).toBe(200);
      return a.body.data.order_no;
    });
    expect(new Set(numbers).size).toBe(50);
    const all = [...before.map((b) => b.order_no ?? ''), ...numbers].map((n) => Number(n.split('-')[1])).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    // a refused order gives its number back: the next one continues the series
    const bad = await w.s.call('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { lines: [{ kind: 1, language_pack_id: w.packId, class_type_id: w.classTypeId, discount: 10 ** 11 }] }) });
    expect(bad.body.code).toBe(400);
    const next = await ok(w.s.call<{ order_no: string }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w) }));
    expect(Number(next.order_no.split('-')[1])).toBe(all.length + 1);
  }, 120_000);
});
