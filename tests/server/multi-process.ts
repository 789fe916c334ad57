import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { begunLessons } from './lesson-times';
import { bearerOf } from '../../src/contract/session';
import { percentile } from '../bench/percentile';

/**
 * The real server started as `WORKERS=2` (node:cluster: two processes on one SQLite file), and a
 * write workload of check-ins, punches and CRUD writes from concurrent clients over loopback.
 * Used by the concurrency test of defect 3 (issue 11) and by the offline bench.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ClusterServer {
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** `server/main.ts` with WORKERS=`workers` on a fresh demo database in a temp folder; resolves once it answers. */
export async function startClusterServer(workers = 2, timeoutMs = 60_000): Promise<ClusterServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-desk-workers-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: String(workers), NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  child.stdout?.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  // the primary prints its banner once every worker listens (server/main.ts)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`服务进程退出（${child.exitCode}）：${stderr}`);
    if (stdout.includes('已启动')) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`服务未在 ${timeoutMs} ms 内启动：${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, dataDir, stop };
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Client {
  call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; env: Envelope<T> | null }>;
  ok<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T>;
}

export async function signedInClient(port: number, loginId = 'admin', password = 'admin123'): Promise<Client> {
  const base = `http://127.0.0.1:${port}/`;
  const raw = async <T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) => {
    const init: RequestInit =
      body === undefined ? { method, headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetch(base + url, init);
    const text = await res.text();
    let env: Envelope<T> | null = null;
    try {
      env = JSON.parse(text) as Envelope<T>;
    } catch {
      env = null;
    }
    return { status: res.status, env };
  };
  const login = await raw<{ token: string; login_id: string; domain: string }>('POST', 'api/v1/sso/login', {}, { login_id: loginId, password });
  if (!login.env || login.env.code !== 200) throw new Error(`登录失败：${login.env?.msg ?? login.status}`);
  const { token, login_id, domain } = login.env.data;
  const headers = { token, Authorization: bearerOf(login_id, token, domain) };
  const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => raw<T>(method, url, headers, body);
  return {
    call,
    async ok<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
      const r = await call<T>(method, url, body);
      if (!r.env || r.env.code !== 200) throw new Error(`${url}: ${r.status} ${r.env?.msg ?? ''}`);
      return r.env.data;
    },
  };
}

/**
 * `n` sessions of one account, signed in one after another: concurrent sign-ins of one account
 * count as tries in flight and are refused past the lockout's limit (server/modules/auth/throttle.ts).
 */
export async function signedInClients(port: number, n: number): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < n; i++) clients.push(await signedInClient(port));
  return clients;
}

export interface WorkloadWorld {
  /** lesson ids (begun: the first today, earlier ones maybe yesterday) × student ids: every pair is checked in once */
  scheduleIds: number[];
  studentIds: number[];
  classTypeId: number;
  schoolId: number;
  run: string;
}

/** A class of `students` students with `lessons` lessons that have begun, the first today (in a classroom of its own). */
export async function setUpWorkloadWorld(client: Client, students: number, lessons: number): Promise<WorkloadWorld> {
  const run = `${Date.now() % 1e7}`;
  const schools = await client.ok<{ schools: { id: number; code: string | null }[] }>('GET', 'api/v1/sys_user/get_user_school');
  const schoolId = (schools.schools.find((s) => s.code === 'GZ-TH') ?? schools.schools[0]).id;
  const ct = await client.ok<{ id: number }>('POST', 'api/v1/prod_class_type/add', { name: `并发班型${run}`, lesson_count: 400, hours_per_lesson: 1, minutes_per_lesson: 30 });
  const room = await client.ok<{ id: number }>('POST', 'api/v1/base_otm_classroom/add', { name: `并发教室${run}`, capacity: 500, school_id: schoolId, state: 1 });
  const cls = await client.ok<{ id: number }>('POST', 'api/v1/base_class_manage/add', { name: `并发测试班${run}`, class_type_id: ct.id, classroom_id: room.id, capacity: students + 5, school_id: schoolId });
  // lessons that have begun (roll call is open), the first today, earlier ones back to back: soon
  // after midnight (Asia/Shanghai) the earlier ones fall on yesterday, so the students join the
  // class on the first lesson's date, or they would not be on those lessons' rosters
  const slots = begunLessons(lessons, { minutes: 30 });
  const joinDate = slots.map((x) => x.date).toSorted()[0];
  const studentIds: number[] = [];
  for (let i = 0; i < students; i++) {
    const st = await client.ok<{ id: number }>('POST', 'api/v1/student/add', { name: `并发学员${run}-${i + 1}`, parent_phone: `138${String(10000000 + i).slice(-8)}`, school_id: schoolId, state: 1 });
    await client.ok('POST', 'api/v1/stu_class/join', { student_id: st.id, class_id: cls.id, join_date: joinDate });
    studentIds.push(st.id);
  }
  const scheduleIds: number[] = [];
  for (const slot of slots) {
    const lesson = await client.ok<{ id: number }>('POST', 'api/v1/edu_class_schedule/add', { class_id: cls.id, lesson_date: slot.date, start_time: slot.start, end_time: slot.end, classroom_id: room.id, school_id: schoolId });
    scheduleIds.push(lesson.id);
  }
  return { scheduleIds, studentIds, classTypeId: ct.id, schoolId, run };
}

export type WriteKind = 'check_in' | 'punch' | 'crud';

export interface WorkloadResult {
  /** answers by kind: HTTP status ≥ 500 */
  fiveHundreds: number;
  /** envelope code ≠ 200 (a 200 HTTP answer refusing the write) */
  refused: { kind: WriteKind; msg: string }[];
  counts: Record<WriteKind, number>;
  latenciesMs: number[];
  checkInLatenciesMs: number[];
  elapsedMs: number;
  firstErrors: string[];
}

/**
 * `concurrency` clients write at once until every (lesson, student) pair is checked in; each
 * check-in is followed by a punch and a CRUD write (a classroom added, every other one updated),
 * so the three kinds interleave across both processes.
 */
export async function runWriteWorkload(clients: Client[], world: WorkloadWorld, concurrency: number, opts: { checkInsOnly?: boolean } = {}): Promise<WorkloadResult> {
  const pairs: { schedule_id: number; student_id: number }[] = [];
  for (const schedule_id of world.scheduleIds) for (const student_id of world.studentIds) pairs.push({ schedule_id, student_id });
  const result: WorkloadResult = { fiveHundreds: 0, refused: [], counts: { check_in: 0, punch: 0, crud: 0 }, latenciesMs: [], checkInLatenciesMs: [], elapsedMs: 0, firstErrors: [] };
  let next = 0;
  const record = async (kind: WriteKind, client: Client, url: string, body: unknown): Promise<Envelope | null> => {
    const t0 = performance.now();
    let status = 0;
    let env: Envelope | null = null;
    try {
      const r = await client.call('POST', url, body);
      status = r.status;
      env = r.env;
    } catch (e) {
      result.firstErrors.push(`${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const ms = performance.now() - t0;
    result.latenciesMs.push(ms);
    if (kind === 'check_in') result.checkInLatenciesMs.push(ms);
    if (status >= 500 || status === 0) {
      result.fiveHundreds++;
      if (result.firstErrors.length < 5) result.firstErrors.push(`${url}: HTTP ${status} ${env?.msg ?? ''}`);
    } else if (!env || env.code !== 200) {
      result.refused.push({ kind, msg: env?.msg ?? `HTTP ${status}` });
    } else {
      result.counts[kind]++;
    }
    return env;
  };
  const t0 = performance.now();
  const worker = async (w: number) => {
    const client = clients[w % clients.length];
    for (;;) {
      const i = next++;
      if (i >= pairs.length) return;
      await record('check_in', client, 'api/v1/check_in', { ...pairs[i], mark: i % 7 === 0 ? 'late' : 'present', device: `并发-${w}` });
      if (opts.checkInsOnly) continue;
      await record('punch', client, 'api/v1/wf_clock_in/punch', { time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '), device: `并发-${w}` });
      const added = await record('crud', client, 'api/v1/base_otm_classroom/add', { name: `并发教室${world.run}-${i}`, capacity: 10, school_id: world.schoolId, state: 1 });
      const id = (added?.data as { id?: number } | null)?.id;
      if (id && i % 2 === 0) await record('crud', client, 'api/v1/base_otm_classroom/update', { id, name: `并发教室${world.run}-${i}`, capacity: 20, school_id: world.schoolId, state: 1 });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  result.elapsedMs = performance.now() - t0;
  return result;
}

export function p99(values: number[]): number {
  return percentile(values.toSorted((a, b) => a - b), 99);
}
