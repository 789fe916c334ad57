/**
 * Workflow bench (issue 13's figures): the to-do list of one approver and the instance list
 * (sys_wf/wf_instance_list) p50/p99 and requests/s, and `run` (approve) on a three-node definition
 * p50, through the real app over loopback (session, operation codes, scope, the engine with its
 * steps, messages and Idempotency-Key); the designer's chunk size (gz) from the built app.
 *
 *   npx tsx tests/bench/workflow-bench.ts        or   npm run bench -- --only workflow
 *   WF_BENCH_INSTANCES=100000 WF_BENCH_STEPS=500000 npm run bench -- --only workflow
 *
 * Data (built once per scale under .tmp/bench-workflow-<instances>-<steps>, reused): the demo
 * database plus instances of the demo definitions over the demo campuses, created over two years
 * by 2,000 applicants, each with three approval tasks: a first and a second approver out of 200
 * (the demo principal is one of them) and a finance reviewer out of 20 (the demo finance user is
 * one); most are approved, some refused, recalled or stopped, and half of the last month's still
 * wait on one of their approvers. The steps (the timelines) are spread evenly over the instances.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { nowText } from '../../server/lib/time';
import { loadAverage, startBenchServer, type CallTiming, type Headers } from './bench-http';
import { percentile } from './percentile';
import { bulkPragmas, setAsideIndexes } from './bulk-fill';
import { seededBenchDatabase } from './seeded-bench-db';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const DAY = 86_400_000;
const SPAN_DAYS = 730;
const BATCH = 20_000;
const NODES = [
  { id: 'n1', name: '一审' },
  { id: 'n2', name: '二审' },
  { id: 'n3', name: '财务复核' },
] as const;

export interface WorkflowBenchResult {
  instances: number;
  steps: number;
  todo: CallTiming & { totalSize: number };
  todoFinance: CallTiming & { totalSize: number };
  monitor: CallTiming & { totalSize: number };
  all: CallTiming & { totalSize: number };
  run: { p50: number; p99: number; runs: number };
  designerGz: { js: number; css: number; file: string } | null;
  loadAverage: number;
}

const mix = (i: number, salt: number): number => Math.abs(Math.imul(i ^ salt, 2_654_435_761) ^ (i >>> 7)) % 1_000_003;

function fill(file: string, instances: number, steps: number, log: (l: string) => void): void {
  const raw = new Sqlite(file);
  bulkPragmas(raw);
  const have = (raw.prepare("select count(*) as n from wf_instance where title like '压测%'").get() as { n: number }).n;
  if (have >= instances) {
    raw.close();
    return;
  }
  if (have > 0) throw new Error('压测库不完整，请删除后重建：' + file);
  const nowMs = Date.now();
  const now = nowText(nowMs);
  const schools = (raw.prepare("select id from organisations where kind = 'school' and del_flag = 0 order by id").all() as { id: number }[]).map((r) => r.id);
  const defines = raw.prepare('select id, version_id, ref_type, name from wf_define where version_id is not null order by id').all() as { id: number; version_id: number; ref_type: string; name: string }[];
  const insUser = raw.prepare("insert into users (login_id, name, password_hash, state, failed_count, must_change_password, domain, del_flag, created_at, updated_at) values (?, ?, 'x', 1, 0, 0, 'default', 0, ?, ?)");
  const people = (prefix: string, label: string, n: number, first?: { id: number; name: string }) =>
    raw.transaction(() => {
      const out = first ? [first] : [];
      for (let j = out.length; j < n; j++) out.push({ id: Number(insUser.run(`wfb_${prefix}_${j}`, `${label}${j + 1}`, now, now).lastInsertRowid), name: `${label}${j + 1}` });
      return out;
    })();
  const nameOf = (id: number) => (raw.prepare('select name from users where id = ?').get(id) as { name: string }).name;
  const approvers = people('a', '审批人', 200, { id: 2, name: nameOf(2) });
  const reviewers = people('f', '财务', 20, { id: 8, name: nameOf(8) });
  const applicants = people('p', '申请人', 2000);
  const restore = setAsideIndexes(raw, ['wf_instance', 'wf_task', 'wf_step'], log);
  log(`写入 ${instances.toLocaleString('en')} 个流程实例（每个 3 个待办）、${steps.toLocaleString('en')} 条步骤 …`);
  const insInstance = raw.prepare(
    `insert into wf_instance (define_id, version_id, title, ref_type, ref_id, school_id, applicant_id, state, current_node, current_node_name, current_approvers, admin_queue, round, form, snapshot, finished_at, created_at, updated_at, created_by, updated_by)
     values (?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, 1, ?, null, ?, ?, ?, ?, ?)`,
  );
  const insTask = raw.prepare('insert into wf_task (instance_id, node_id, node_name, round, assignee_id, state, seq_no, added, due_at, reminded, acted_at, comment, created_at, updated_at) values (?, ?, ?, 1, ?, ?, 0, 0, ?, 0, ?, ?, ?, ?)');
  const insStep = raw.prepare('insert into wf_step (instance_id, node_id, node_name, user_id, action, comment, attachments, diff, created_at) values (?, ?, ?, ?, ?, ?, null, null, ?)');
  const perInstance = steps / instances;
  let stepsWritten = 0;
  const t0 = performance.now();
  const batch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const h = mix(i, 0x2f3d);
      const ageMs = Math.floor(((instances - i) / instances) * SPAN_DAYS * DAY) + (h % 3_600_000);
      const createdMs = nowMs - ageMs;
      const def = defines[h % defines.length];
      const applicant = applicants[h % applicants.length];
      const owners = [approvers[h % approvers.length], approvers[(h * 7 + 3) % approvers.length], reviewers[h % reviewers.length]];
      const r = (h >>> 3) % 100;
      // 1 running, 2 approved, 3 refused, 4 recalled, 5 interrupted; `reached`: the nodes that acted
      let state: number;
      let reached: number;
      if (ageMs < 30 * DAY && r < 50) [state, reached] = [1, h % 3];
      else if (r < 75) [state, reached] = [2, 3];
      else if (r < 90) [state, reached] = [3, 1 + (h % 3)];
      else if (r < 97) [state, reached] = [4, 0];
      else [state, reached] = [5, h % 3];
      const queued = state === 1 && h % 1000 === 0; // nobody could take the task: the administrators' queue
      const at = (k: number) => nowText(Math.min(nowMs, createdMs + (k + 1) * 3 * 3_600_000));
      const current = state === 1 ? NODES[reached] : null;
      const id = Number(
        insInstance.run(
          def.id,
          def.version_id,
          `压测${def.name}${i + 1}`,
          def.ref_type,
          schools[h % schools.length],
          applicant.id,
          state,
          current?.id ?? null,
          current?.name ?? null,
          current ? (queued ? null : owners[reached].name) : null,
          queued ? 1 : 0,
          JSON.stringify({ amount: 100 + (h % 9000), remark: '压测' }),
          state === 1 ? null : at(reached),
          nowText(createdMs),
          at(reached),
          applicant.id,
          applicant.id,
        ).lastInsertRowid,
      );
      const timeline: [string | null, string | null, number | null, string, string | null, string][] = [['start', '发起人', applicant.id, 'submit', null, nowText(createdMs)]];
      for (let k = 0; k < 3; k++) {
        const node = NODES[k];
        const who = owners[k];
        if (k < reached || (k === reached && state === 3)) {
          const refused = state === 3 && k === reached - 1;
          insTask.run(id, node.id, node.name, who.id, refused ? 2 : 1, at(k), at(k), refused ? '材料不全' : '同意', at(k - 1), at(k));
          timeline.push([node.id, node.name, who.id, refused ? 'refuse' : 'approve', refused ? '材料不全' : '同意', at(k)]);
          if (refused) break;
        } else if (k === reached && state === 1) {
          insTask.run(id, node.id, node.name, queued ? null : who.id, 0, nowText(createdMs + 30 * DAY), null, null, at(k - 1), at(k - 1));
          if (queued) timeline.push([node.id, node.name, null, 'admin_queue', null, at(k - 1)]);
        } else if (k === reached && (state === 4 || state === 5)) {
          insTask.run(id, node.id, node.name, who.id, 3, null, at(k), null, at(k - 1), at(k));
          timeline.push([state === 4 ? 'start' : node.id, state === 4 ? '发起人' : node.name, state === 4 ? applicant.id : 1, state === 4 ? 'recall' : 'interrupt', null, at(k)]);
        }
      }
      if (state === 2) timeline.push([null, null, null, 'finish', null, at(2)]);
      const count = Math.floor(perInstance * (i + 1)) - Math.floor(perInstance * i);
      // the rest of the instance's share: reminders of the pending node (a long-waiting task)
      for (let k = 0; k < count; k++) {
        const s = timeline[k] ?? [NODES[Math.min(reached, 2)].id, NODES[Math.min(reached, 2)].name, null, 'remind', '审批超时提醒', at(reached)];
        insStep.run(id, ...s);
        stepsWritten++;
      }
    }
  });
  for (let from = 0; from < instances; from += BATCH) {
    batch(from, Math.min(instances, from + BATCH));
    if ((from / BATCH) % 10 === 9 || from + BATCH >= instances) log(`  … ${Math.min(instances, from + BATCH).toLocaleString('en')} 个实例、${stepsWritten.toLocaleString('en')} 条步骤（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
  }
  restore();
  raw.exec('analyze');
  raw.close();
}

export async function workflowBenchDatabase(instances: number, steps: number, log: (l: string) => void): Promise<string> {
  return seededBenchDatabase(`bench-workflow-${instances}-${steps}`, (file) => fill(file, instances, steps, log));
}

/** The designer's lazily loaded chunk in the built app (dist/, built when missing), gzipped. */
function designerChunk(log: (l: string) => void): { js: number; css: number; file: string } | null {
  const assets = path.join(ROOT, 'dist', 'assets');
  if (!fs.existsSync(assets)) {
    log('构建前端（vite build）…');
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) return null;
  }
  const files = fs.readdirSync(assets);
  const js = files.find((f) => /^DesignerScreen-.*\.js$/.test(f));
  if (!js) return null;
  const css = files.find((f) => /^DesignerScreen-.*\.css$/.test(f));
  const gz = (f: string | undefined) => (f ? gzipSync(fs.readFileSync(path.join(assets, f))).length : 0);
  return { js: gz(js), css: gz(css), file: js };
}

/** A definition of three approver nodes, each the bench's own user, through the designer's calls. */
async function threeNodeDefine(server: Awaited<ReturnType<typeof startBenchServer>>, admin: Headers, userId: number): Promise<string> {
  const key = `bench_three_${Date.now().toString(36)}`;
  const created = await server.call<{ id: number }>(admin, 'POST', '/api/v1/sys_wf/define_create', { json: { define_key: key, name: '压测三级审批', tag: 'bench' } });
  const approver = (k: number, child?: unknown) => ({ id: NODES[k].id, name: NODES[k].name, type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [userId] }, ...(child ? { child } : {}) });
  const tree = { id: 'start', name: '发起人', type: 'start', child: approver(0, approver(1, approver(2))) };
  const form = [
    { name: 'amount', label: '金额（元）', type: 'money', required: true },
    { name: 'remark', label: '说明', type: 'text' },
  ];
  await server.call(admin, 'POST', '/api/v1/sys_wf/define_save', { json: { id: created.id, name: '压测三级审批', tag: 'bench', state: 1, tree, form } });
  return key;
}

export async function runWorkflowBench(options: { instances?: number; steps?: number; log?: (l: string) => void } = {}): Promise<WorkflowBenchResult> {
  const instances = options.instances ?? Number(process.env.WF_BENCH_INSTANCES ?? 1_000_000);
  const steps = options.steps ?? Number(process.env.WF_BENCH_STEPS ?? instances * 5);
  const log = options.log ?? ((l: string) => console.log(l));
  const dataDir = await workflowBenchDatabase(instances, steps, log);

  const server = await startBenchServer(dataDir);
  let figures: Omit<WorkflowBenchResult, 'designerGz' | 'loadAverage'>;
  let load: number;
  try {
    const principal = await server.login('principal', 'demo123');
    const finance = await server.login('finance', 'demo123');
    const admin = await server.login('admin', 'admin123');
    const list = async (who: Headers, type: string, label: string) => {
      const p = (i: number) => `/api/v1/sys_wf/wf_instance_list?type=${type}&page=${(i % 5) + 1}&rows=20`;
      const first = await server.call<{ totalSize: number }>(who, 'GET', p(0));
      const t = { ...(await server.time(who, 'GET', p)), totalSize: first.totalSize };
      log(`${label}：totalSize ${first.totalSize}，p50 ${t.p50.toFixed(2)} ms，p99 ${t.p99.toFixed(2)} ms，${t.rps.toFixed(0)} 次/秒，${t.errors} 个错误，服务端 CPU ${t.cpuMs.toFixed(2)} ms/次`);
      return t;
    };
    const todo = await list(principal, 'todo', '校长的待办');
    const todoFinance = await list(finance, 'todo', '财务的待办');
    const monitor = await list(principal, 'all', '校长的流程监控（所辖校区的全部实例）');
    const all = await list(admin, 'all', '管理员的流程监控（全部实例）');

    // run: three approvals of each new instance, the applicant's own definition approved by admin
    const key = await threeNodeDefine(server, admin, 1);
    const ms: number[] = [];
    for (let n = 0; n < 60; n++) {
      const made = await server.call<{ instance_id: number }>(admin, 'POST', '/api/v1/sys_wf/create_instance', { json: { define_key: key, school_id: 7, form: { amount: 100 + n, remark: '压测' } } });
      for (let k = 0; k < 3; k++) {
        const detail = await server.call<{ my_task: { id: number } | null }>(admin, 'GET', `/api/v1/sys_wf/instance_step_current?instance_id=${made.instance_id}`);
        if (!detail.my_task) throw new Error(`实例 ${made.instance_id} 没有待办`);
        const t = performance.now();
        const res = await server.send({ ...admin, 'idempotency-key': `bench-${made.instance_id}-${k}` }, 'POST', '/api/v1/sys_wf/run', { json: { task_id: detail.my_task.id, action: 'approve', comment: '同意' } });
        const took = performance.now() - t;
        if (!res.text.startsWith('{"code":200')) throw new Error(`run: ${res.text.slice(0, 200)}`);
        if (n >= 5) ms.push(took); // the first instances warm the statements
      }
    }
    ms.sort((a, b) => a - b);
    const run = { p50: percentile(ms, 50), p99: percentile(ms, 99), runs: ms.length };
    log(`审批（run，三级流程）：${run.runs} 次，p50 ${run.p50.toFixed(2)} ms，p99 ${run.p99.toFixed(2)} ms`);
    load = loadAverage();
    figures = { instances, steps, todo, todoFinance, monitor, all, run };
  } finally {
    await server.stop();
  }
  const designerGz = designerChunk(log);
  if (designerGz) log(`流程设计器分包（gzip）：${designerGz.file} ${(designerGz.js / 1024).toFixed(1)} KB，样式 ${(designerGz.css / 1024).toFixed(1)} KB`);
  return { ...figures, designerGz, loadAverage: Math.max(load, loadAverage()) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runWorkflowBench().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
