/**
 * What the audit log costs a declared write: in-process add and update of 教室 (base_otm_classroom)
 * through the real app on SQLite, with the log written and without it, in alternating rounds so a
 * busy machine weighs on both alike. `npx tsx tests/bench/audit-bench.ts [--writes 300] [--rounds 4]`
 */
import { performance } from 'node:perf_hooks';
import { ADMIN, createTestServer } from '../server/helpers';
import { setAuditEnabled } from '../../server/lib/audit';
import { percentile } from './percentile';

export interface AuditFigures {
  writes: number;
  add: { off: number; on: number };
  update: { off: number; on: number };
}

/**
 * p50 of an add and of an update with the log written and without it: a warm-up round, then
 * `rounds` pairs of rounds in alternating order.
 */
export async function runAuditBench(options: { writes?: number; rounds?: number } = {}): Promise<AuditFigures> {
  const writes = options.writes ?? 300;
  const rounds = options.rounds ?? 4;
  const s = await createTestServer();
  try {
    const admin = await s.login(ADMIN.login, ADMIN.password);
    const school = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').executeTakeFirstOrThrow();
    const times: Record<'on' | 'off', { add: number[]; update: number[] }> = { on: { add: [], update: [] }, off: { add: [], update: [] } };
    let n = 0;
    const round = async (mode: 'on' | 'off'): Promise<void> => {
      setAuditEnabled(mode === 'on');
      for (let i = 0; i < writes; i++) {
        n++;
        let t = performance.now();
        const added = await s.call<{ id: number }>('POST', '/api/v1/base_otm_classroom/add', { headers: admin.headers, json: { name: `压测教室${n}`, school_id: school.id, capacity: 10 } });
        times[mode].add.push(performance.now() - t);
        if (added.body.code !== 200) throw new Error(added.body.msg);
        t = performance.now();
        const updated = await s.call('POST', '/api/v1/base_otm_classroom/update', { headers: admin.headers, json: { id: added.body.data.id, capacity: 20 } });
        times[mode].update.push(performance.now() - t);
        if (updated.body.code !== 200) throw new Error(updated.body.msg);
      }
    };
    await round('off'); // warm-up, not counted
    times.off.add.length = 0;
    times.off.update.length = 0;
    for (let r = 0; r < rounds; r++) {
      await round(r % 2 === 0 ? 'on' : 'off');
      await round(r % 2 === 0 ? 'off' : 'on');
    }
    const p50 = (xs: number[]) => percentile(xs.toSorted((a, b) => a - b), 50);
    return {
      writes: times.on.add.length,
      add: { off: p50(times.off.add), on: p50(times.on.add) },
      update: { off: p50(times.off.update), on: p50(times.on.update) },
    };
  } finally {
    setAuditEnabled(true);
    await s.close();
  }
}

/** What the log adds to a write's p50, in percent. */
export function auditCostPercent(f: { off: number; on: number }): number {
  return ((f.on - f.off) / f.off) * 100;
}

if (process.argv[1]?.endsWith('audit-bench.ts')) {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const r = await runAuditBench({ writes: arg('writes', 300), rounds: arg('rounds', 4) });
  for (const what of ['add', 'update'] as const) {
    console.log(`${what.padEnd(6)} p50 without log ${r[what].off.toFixed(3)} ms, with log ${r[what].on.toFixed(3)} ms: +${auditCostPercent(r[what]).toFixed(1)}% (${r.writes} writes each)`);
  }
}
