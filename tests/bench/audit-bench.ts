/**
 * What the audit log costs a declared write: in-process add and update of 教室 (base_otm_classroom)
 * through the real app on SQLite, with the log written and without it, in alternating rounds so a
 * busy machine weighs on both alike. `npx tsx tests/bench/audit-bench.ts [--writes 300] [--rounds 4]`
 */
import { performance } from 'node:perf_hooks';
import { ADMIN, createTestServer } from '../server/helpers';
import { setAuditEnabled } from '../../server/lib/audit';
import { percentile } from './percentile';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const WRITES = arg('writes', 300);
const ROUNDS = arg('rounds', 4);

const s = await createTestServer();
const admin = await s.login(ADMIN.login, ADMIN.password);
const school = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').orderBy('id').executeTakeFirstOrThrow();
const times: Record<'on' | 'off', { add: number[]; update: number[] }> = { on: { add: [], update: [] }, off: { add: [], update: [] } };
let n = 0;

async function round(mode: 'on' | 'off'): Promise<void> {
  setAuditEnabled(mode === 'on');
  for (let i = 0; i < WRITES; i++) {
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
}

await round('off'); // warm-up, not counted
times.off.add.length = 0;
times.off.update.length = 0;
for (let r = 0; r < ROUNDS; r++) {
  await round(r % 2 === 0 ? 'on' : 'off');
  await round(r % 2 === 0 ? 'off' : 'on');
}
setAuditEnabled(true);
const line = (what: 'add' | 'update') => {
  const on = percentile(times.on[what].toSorted((a, b) => a - b), 50);
  const off = percentile(times.off[what].toSorted((a, b) => a - b), 50);
  return `${what.padEnd(6)} p50 without log ${off.toFixed(3)} ms, with log ${on.toFixed(3)} ms: +${(((on - off) / off) * 100).toFixed(1)}% (${times.on[what].length} writes each)`;
};
console.log(`audit log cost, in-process, SQLite (${s.dialect}); shared machine, figures are noisy`);
console.log(line('add'));
console.log(line('update'));
await s.close();
