/**
 * Paired comparison of two builds' offline cold start (issue 11): the front-desk tablet signed in
 * online, its browser closed, then opened again offline at 4x CPU slowdown on the check-in screen,
 * timed from navigation to the first roster row. Each build runs its own server (its own origin, so
 * its own service worker and storage); the starts alternate A B B A …, so both builds see the same
 * load of this shared machine. Both roots must hold a built `dist/`.
 *
 *   npx tsx tests/bench/cold-start-ab.ts --a /path/to/base --b . [--runs 8]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchTablet, signInFrontDesk } from './tablet';
import { setUpWorkloadWorld, signedInClient } from '../server/multi-process';
import { percentile } from './percentile';

const SCREEN = '/#/educational/front_desk_check_in';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

interface Side {
  name: string;
  base: string;
  profile: string;
  child: ChildProcess;
  dataDir: string;
  starts: number[];
  /** the page's main-thread CPU time up to the first row (CDP Performance ThreadTime): less swayed by the machine's load than the wall time */
  cpu: number[];
}

async function waitForHealth(base: string): Promise<void> {
  for (const until = Date.now() + 180_000; Date.now() < until; await new Promise((r) => setTimeout(r, 300))) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
  }
  throw new Error(`服务器未启动: ${base}`);
}

async function startSide(name: string, root: string, port: number): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), `cold-start-ab-${name}-`));
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return { name, base, profile: mkdtempSync(join(tmpdir(), `cold-start-ab-profile-${name}-`)), child, dataDir, starts: [], cpu: [] };
}

/** Signs the front desk in online, opens the roster once (so it is saved), and closes the browser. */
async function prepare(side: Side): Promise<void> {
  await setUpWorkloadWorld(await signedInClient(Number(new URL(side.base).port)), 20, 1);
  const context = await launchTablet(side.profile);
  try {
    const page: Page = context.pages()[0] ?? (await context.newPage());
    await signInFrontDesk(page, side.base);
    await page.goto(`${side.base}${SCREEN}`);
    await page.getByTestId('roster-student').first().waitFor();
    await page.waitForTimeout(1500);
  } finally {
    await context.close();
  }
}

async function coldStart(side: Side): Promise<{ ms: number; cpuMs: number }> {
  const context = await launchTablet(side.profile);
  try {
    await context.setOffline(true);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    const t0 = performance.now();
    await page.goto(`${side.base}${SCREEN}`);
    await page.getByTestId('roster-student').first().waitFor({ timeout: 60_000 });
    const ms = performance.now() - t0;
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return { ms, cpuMs: (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000 };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => Math.round(percentile(xs.toSorted((a, b) => a - b), 50));

async function main(): Promise<void> {
  const runs = Number(arg('runs', '8'));
  const port = 19500 + Math.floor(Math.random() * 400);
  const sides = [await startSide('A', resolve(arg('a', '.')), port), await startSide('B', resolve(arg('b', '.')), port + 1)];
  const loads: number[] = [];
  try {
    for (const s of sides) await prepare(s);
    for (let i = 0; i < runs; i++) {
      // A B, then B A: neither build always goes first after the other's start
      for (const s of i % 2 === 0 ? sides : sides.toReversed()) {
        loads.push(loadavg()[0]);
        const r = await coldStart(s);
        s.starts.push(r.ms);
        s.cpu.push(r.cpuMs);
      }
    }
  } finally {
    for (const s of sides) {
      try {
        if (s.child.pid) process.kill(-s.child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      rmSync(s.dataDir, { recursive: true, force: true });
      rmSync(s.profile, { recursive: true, force: true, maxRetries: 5 });
    }
  }
  for (const s of sides) console.log(`${s.name}: 中位数 ${median(s.starts)} ms  [${s.starts.map(Math.round).join(', ')}]；主线程 CPU 中位数 ${median(s.cpu)} ms  [${s.cpu.map(Math.round).join(', ')}]`);
  console.log(`B/A 逐对比值中位数: ${(percentile(sides[1].starts.map((b, i) => b / sides[0].starts[i]).toSorted((x, y) => x - y), 50)).toFixed(2)}`);
  console.log(`负载（1 分钟平均）: 中位数 ${percentile(loads.toSorted((a, b) => a - b), 50).toFixed(1)}，${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
}

await main();
