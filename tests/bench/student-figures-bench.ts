/**
 * Students bench (issue 12's figures): at 1,000,000 students with 1,500,000 parents, the real
 * `student/page` with a name filter and with a phone filter in the default sort (p50 and p99 of
 * requests one after another, then p50, p99 and requests/s under the API bench's load: 32
 * keep-alive clients), `get_by_phone` (p50 of single requests one after another), and the student detail in headless Chromium: from the click on 详情
 * to the painted profile, against the real server (server/main.ts) serving the built app (dist/)
 * on the bench database.
 *
 *   npx tsx tests/bench/student-figures-bench.ts [--scale 1000000] [--parents 1500000]
 *   npm run bench -- --only students
 *
 * The callers: the demo course adviser (sales, one campus of 60: ~16,700 students), as the API
 * bench; and the administrator (every campus) for the same filters.
 */
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { loadAccess } from '../../server/lib/principal';
import { bearerOf } from '../../src/contract/session';
import { BENCH_LOGIN, DEFAULT_CLIENT_NICE, loadRun, startServer, stopServer } from './api-bench';
import { studentBenchDatabase } from './student-bench-db';
import { percentile } from './percentile';
import { importFigures, removeImported, type ImportFigures } from './student-import-bench';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIST = '/api/v1/student/page';

export interface LoadFigures {
  medianMs: number;
  p99Ms: number;
  rps: number;
  errors: number;
  /** the same calls one at a time (the call's own time, not the wait behind 32 clients) */
  single: { p50: number; p99: number };
}

export interface StudentBenchResult {
  scale: number;
  parents: number;
  campusStudents: number;
  byName: LoadFigures;
  byPhone: LoadFigures;
  adminByName: LoadFigures;
  adminByPhone: LoadFigures;
  getByPhone: { p50: number; p99: number; found: number };
  detail: { p50: number; slowest: number; loads: number };
  /** the Excel import of 10,000 students (upload, dry run, chunks) */
  importRun: ImportFigures;
  loadAverage: number;
}

interface Samples {
  names: string[];
  phones: string[];
  campusStudents: number;
  parents: number;
  detailIds: number[];
}

/** Names and parent phones of students of the adviser's campus, spread over it. */
async function samples(dataDir: string): Promise<Samples> {
  const opened = openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  let campus: number;
  try {
    const user = await opened.db.selectFrom('users').select('id').where('login_id', '=', BENCH_LOGIN).executeTakeFirstOrThrow();
    campus = (await loadAccess(opened.db, user.id)).schoolIds[0];
  } finally {
    await opened.close();
  }
  const raw = new Sqlite(path.join(dataDir, 'campus-desk.db'), { readonly: true });
  try {
    const campusStudents = (raw.prepare('select count(*) as n from student where school_id = ? and del_flag = 0').get(campus) as { n: number }).n;
    const rows = raw.prepare('select id, name, parent_phone from student where school_id = ? and del_flag = 0 and parent_phone is not null order by id').all(campus) as { id: number; name: string; parent_phone: string }[];
    const picked = Array.from({ length: 50 }, (_, i) => rows[Math.floor(((i + 0.5) * rows.length) / 50)]);
    const parents = (raw.prepare('select count(*) as n from stu_parent').get() as { n: number }).n;
    // the second parent's phone (stu_parent only) for half the phone look-ups: siblings and duplicates are found through parents too
    const second = raw.prepare('select p.phone from stu_parent_student l join stu_parent p on p.id = l.parent_id where l.student_id = ? and l.is_primary = 0 limit 1');
    const phones = picked.map((r, i) => (i % 2 === 1 ? ((second.get(r.id) as { phone: string } | undefined)?.phone ?? r.parent_phone) : r.parent_phone));
    return { names: [...new Set(picked.map((r) => r.name))], phones, campusStudents, parents, detailIds: picked.slice(0, 9).map((r) => r.id) };
  } finally {
    raw.close();
  }
}

const enc = (v: string): string => encodeURIComponent(v);

async function signedHeaders(base: string, loginId: string, password: string): Promise<Record<string, string>> {
  const login = (await (await fetch(`${base}/sso/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_id: loginId, password }) })).json()) as {
    data: { token: string; login_id: string; domain: string };
  };
  return { token: login.data.token, authorization: bearerOf(login.data.login_id, login.data.token, login.data.domain) };
}

/** p50/p99 of 250 calls one after another (after 50 to warm up); `check` sees each answer. */
async function oneAtATime(call: (i: number) => Promise<Response>, check: (i: number, body: { code: number; msg: string; data: unknown }) => void): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const body = (await (await call(i)).json()) as { code: number; msg: string; data: unknown };
    if (i >= 50) times.push(performance.now() - t0);
    if (body.code !== 200) throw new Error(body.msg);
    check(i, body);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function getByPhoneFigures(port: number, phones: string[]): Promise<StudentBenchResult['getByPhone']> {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = await signedHeaders(base, BENCH_LOGIN, 'demo123');
  let found = 0;
  const t = await oneAtATime(
    (i) => fetch(`${base}/student/get_by_phone?phone=${phones[i % phones.length]}`, { headers }),
    (i, body) => {
      if (i < phones.length && (body.data as unknown[]).length > 0) found++;
    },
  );
  return { ...t, found };
}

async function listOneAtATime(port: number, bodies: string[], loginId: string, password: string): Promise<{ p50: number; p99: number }> {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = { ...(await signedHeaders(base, loginId, password)), 'content-type': 'application/x-www-form-urlencoded' };
  return oneAtATime(
    (i) => fetch(`${base}${LIST.replace('/api/v1', '')}`, { method: 'POST', headers, body: bodies[i % bodies.length] }),
    () => undefined,
  );
}

/** In the page: clicks the row-th 详情 and resolves with the ms until the drawer names the student and the next frame is painted. */
const CLICK_DETAIL = `function (row) {
  return new Promise(function (resolve, reject) {
    var buttons = Array.from(document.querySelectorAll('button')).filter(function (b) { return (b.textContent || '').trim() === '详情'; });
    var button = buttons[row % buttons.length];
    if (!button) { reject(new Error('没有详情按钮')); return; }
    var t0 = performance.now();
    var observer = new MutationObserver(function () {
      var shown = Array.from(document.querySelectorAll('.mantine-Drawer-title')).some(function (t) { return (t.textContent || '').indexOf('学员详情：') === 0; });
      if (!shown) return;
      observer.disconnect();
      requestAnimationFrame(function () { setTimeout(function () { resolve(performance.now() - t0); }, 0); });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    button.click();
  });
}`;

/**
 * The detail drawer in Chromium: signed in as the adviser, the list of all students open; the
 * click on a row's 详情 is made inside the page, and the time runs until the drawer's title names
 * the student (the profile has arrived and rendered) and the next frame is painted.
 */
async function detailFigures(port: number): Promise<StudentBenchResult['detail']> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build 失败');
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const base = `http://127.0.0.1:${port}`;
    await page.goto(`${base}/#/login`);
    await page.getByPlaceholder('请输入账号').fill(BENCH_LOGIN);
    await page.getByPlaceholder('请输入密码').fill('demo123');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible', timeout: 60_000 });
    await page.goto(`${base}/#/students/all`);
    await page.getByRole('button', { name: '详情' }).first().waitFor({ state: 'visible', timeout: 60_000 });
    const loads = 9;
    const times: number[] = [];
    for (let k = 0; k < loads; k++) {
      // a string, so the bundler's helpers (tsx names functions with __name) do not reach the page
      const ms = (await page.evaluate(`(${CLICK_DETAIL})(${k})`)) as number;
      times.push(ms);
      await page.keyboard.press('Escape');
      await page.locator('.mantine-Drawer-title').waitFor({ state: 'detached', timeout: 10_000 });
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), slowest: times[times.length - 1], loads };
  } finally {
    await browser.close();
  }
}

export async function runStudentBench(options: { scale?: number; parents?: number; seconds?: number; concurrency?: number; log?: (l: string) => void } = {}): Promise<StudentBenchResult> {
  const scale = options.scale ?? 1_000_000;
  const parentsWanted = options.parents ?? Math.round(scale * 1.5);
  const seconds = options.seconds ?? 5;
  const concurrency = options.concurrency ?? 32;
  const log = options.log ?? ((l: string) => console.log(l));
  const { dataDir } = await studentBenchDatabase(scale, 60, log, parentsWanted);
  const s = await samples(dataDir);
  const nameBodies = s.names.map((n) => `page=1&rows=20&name=${enc(n)}`);
  const phoneBodies = s.phones.map((p) => `page=1&rows=20&parent_phone=${p}`);
  const loads: number[] = [];
  const { port, child } = await startServer(dataDir, 1);
  let importRun: ImportFigures | undefined;
  try {
    const run = async (label: string, bodies: string[], loginId?: string, password?: string): Promise<LoadFigures> => {
      loads.push(os.loadavg()[0]);
      const single = await listOneAtATime(port, bodies, loginId ?? BENCH_LOGIN, password ?? 'demo123');
      const r = await loadRun(port, child.pid ?? 0, DEFAULT_CLIENT_NICE, seconds, concurrency, 500_000, log, LIST, { bodies, loginId, password });
      log(`${label}: 逐个请求 p50 ${single.p50.toFixed(2)} ms，p99 ${single.p99.toFixed(2)} ms；${concurrency} 个并发客户端 p50 ${r.medianMs.toFixed(2)} ms，p99 ${r.p99Ms.toFixed(2)} ms，${r.rps.toFixed(0)} 次/秒，错误 ${r.errors}`);
      return { medianMs: r.medianMs, p99Ms: r.p99Ms, rps: r.rps, errors: r.errors, single };
    };
    const byName = await run('按姓名（顾问，一个校区）', nameBodies);
    const byPhone = await run('按家长电话（顾问，一个校区）', phoneBodies);
    const adminByName = await run('按姓名（管理员，全部校区）', nameBodies, 'admin', 'admin123');
    const adminByPhone = await run('按家长电话（管理员，全部校区）', phoneBodies, 'admin', 'admin123');
    loads.push(os.loadavg()[0]);
    const getByPhone = await getByPhoneFigures(port, s.phones);
    log(`get_by_phone: p50 ${getByPhone.p50.toFixed(2)} ms，p99 ${getByPhone.p99.toFixed(2)} ms（${getByPhone.found}/${s.phones.length} 个号码找到学员）`);
    loads.push(os.loadavg()[0]);
    const detail = await detailFigures(port);
    log(`学员详情（点击到绘出）：p50 ${detail.p50.toFixed(0)} ms，最慢 ${detail.slowest.toFixed(0)} ms（${detail.loads} 次）`);
    // last: it adds students (taken out again below, once the server has stopped)
    loads.push(os.loadavg()[0]);
    importRun = await importFigures(port, log);
    loads.push(os.loadavg()[0]);
    return { scale, parents: s.parents, campusStudents: s.campusStudents, byName, byPhone, adminByName, adminByPhone, getByPhone, detail, importRun, loadAverage: Math.max(...loads) };
  } finally {
    await stopServer(child);
    if (importRun) removeImported(dataDir, importRun.importId);
  }
}

function numberArg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runStudentBench({ scale: numberArg('scale'), parents: numberArg('parents') })
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
