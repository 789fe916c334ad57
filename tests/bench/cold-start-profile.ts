/**
 * Where the offline cold start's time goes (issue 11): the front-desk tablet signed in online, its
 * browser closed, then opened again offline at 4x CPU slowdown on the check-in screen. Prints the
 * page's own timeline up to the first roster row: navigation, every script and style it loaded
 * (start, end, size, whether the service worker answered), long tasks, and marks the app sets.
 * Chromium's full trace of the last start goes to $TMPDIR/cold-start-trace.json (open it in the
 * DevTools Performance panel), its JavaScript samples to $TMPDIR/cold-start.cpuprofile.
 *
 *   npx tsx tests/bench/cold-start-profile.ts [--runs 2]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchTablet, rosterReadyAt, ROSTER_READY_PROBE, signInFrontDesk } from './tablet';
import { setUpWorkloadWorld, signedInClient } from '../server/multi-process';
import { startServer } from './offline-bench';

const SCREEN = '/#/educational/front_desk_check_in';

/** The page's timeline, read in the page once the first roster row shows (a string: tsx adds no helpers). */
const TIMELINE_SCRIPT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource').map((r) => ({ name: r.name.replace(location.origin, ''), start: Math.round(r.startTime), end: Math.round(r.responseEnd), size: r.encodedBodySize || r.decodedBodySize, sw: r.workerStart > 0 }));
  const marks = performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: Math.round(m.startTime) }));
  const paints = performance.getEntriesByType('paint').map((m) => ({ name: m.name, at: Math.round(m.startTime) }));
  const dom = { all: document.querySelectorAll('*').length, nav: document.querySelectorAll('nav *').length, header: document.querySelectorAll('header *').length, main: document.querySelectorAll('main *').length, styles: document.styleSheets.length, rules: [...document.styleSheets].reduce((n, s) => { try { return n + s.cssRules.length; } catch { return n; } }, 0) };
  return { dom, nav: nav ? { workerStart: Math.round(nav.workerStart), responseEnd: Math.round(nav.responseEnd), domInteractive: Math.round(nav.domInteractive), domContentLoaded: Math.round(nav.domContentLoadedEventEnd) } : null, res, marks, paints, now: Math.round(performance.now()), longTasks: window.__longTasks || [] };
})()`;

const LONG_TASK_OBSERVER = `window.__longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) }); }).observe({ type: 'longtask', buffered: true });`;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Time the page's main thread was busy: the renderer main thread with the most task time. */
function mainThreadBusyMs(events: TraceEvent[]): number {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const busy = new Map<string, number>();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && e.name === 'RunTask' && mains.has(k)) busy.set(k, (busy.get(k) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return Math.max(0, ...busy.values());
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function, and total time by script, of the sampled JavaScript (the slowed-down ms). */
function printHotFunctions(profile: CpuProfile): void {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const script = node.callFrame.url.replace(/^.*\/assets\//, '') || `(${node.callFrame.functionName || 'program'})`;
    const key = `${node.callFrame.functionName || '(anonymous)'} ${script}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) => [...m].toSorted((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  // who calls the native functions that cost most (appendChild, …): their callers, three levels up
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const chains = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms < 5 || node.callFrame.url) continue;
    const chain: string[] = [node.callFrame.functionName || '(anonymous)'];
    for (let up = parent.get(node.id), i = 0; up !== undefined && i < 4; up = parent.get(up), i++) {
      const f = byId.get(up)?.callFrame;
      if (f) chain.push(`${f.functionName || '(anonymous)'}@${f.url.replace(/^.*\/assets\//, '')}:${f.lineNumber + 1}`);
    }
    const key = chain.join(' < ');
    chains.set(key, (chains.get(key) ?? 0) + ms);
  }
  console.log(`native work by caller:\n${top(chains, 15)}`);
  console.log(`self time by script:\n${top(byScript, 15)}\nself time by function:\n${top(byFunction, 40)}`);
}

async function main(): Promise<void> {
  const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 2;
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'campus-desk-cold-start-'));
  let context: BrowserContext | null = null;
  try {
    await setUpWorkloadWorld(await signedInClient(Number(new URL(server.base).port)), 20, 1);
    context = await launchTablet(dir);
    const first = context.pages()[0] ?? (await context.newPage());
    await signInFrontDesk(first, server.base);
    await first.goto(`${server.base}${SCREEN}`);
    await first.getByTestId('roster-student').first().waitFor();
    await first.waitForTimeout(1500);
    await context.close();
    context = null;
    for (let run = 0; run < runs; run++) {
      context = await launchTablet(dir);
      await context.setOffline(true);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript(LONG_TASK_OBSERVER);
      await page.addInitScript(ROSTER_READY_PROBE);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const last = run === runs - 1;
      const traceChunks: unknown[] = [];
      if (last) {
        cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => traceChunks.push(...e.value));
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
        await cdp.send('Profiler.start');
        await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading', transferMode: 'ReportEvents' });
      }
      await page.goto(`${server.base}${SCREEN}`, { waitUntil: 'commit' });
      const ready = await rosterReadyAt(page);
      const timeline = (await page.evaluate(TIMELINE_SCRIPT)) as { nav: unknown; res: { name: string; start: number; end: number; size: number; sw: boolean }[]; marks: unknown[]; paints: unknown[]; now: number; longTasks: { at: number; ms: number }[] };
      console.log(`\n第 ${run + 1} 次冷启动: 页面内 ${Math.round(ready.painted)} ms 画出名单行、${Math.round(ready.interactive)} ms 可点`);
      console.log('dom', JSON.stringify((timeline as unknown as { dom: unknown }).dom));
      console.log('navigation', JSON.stringify(timeline.nav), 'paints', JSON.stringify(timeline.paints), 'marks', JSON.stringify(timeline.marks));
      for (const r of timeline.res) console.log(`  ${String(r.start).padStart(5)} → ${String(r.end).padStart(5)} ms  ${String(Math.round(r.size / 1024)).padStart(4)} KB ${r.sw ? 'sw' : '  '} ${r.name}`);
      console.log('long tasks', timeline.longTasks.map((t) => `${t.at}+${t.ms}`).join(' '));
      if (last) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
        printHotFunctions(profile);
        writeFileSync(join(tmpdir(), 'cold-start.cpuprofile'), JSON.stringify(profile));
        const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
        await cdp.send('Tracing.end');
        await done;
        console.log(`page main thread busy (RunTask, 4x slowed): ${Math.round(mainThreadBusyMs(traceChunks as TraceEvent[]))} ms`);
        const file = join(tmpdir(), 'cold-start-trace.json');
        writeFileSync(file, JSON.stringify({ traceEvents: traceChunks }));
        console.log(`trace: ${file}`);
      }
      await context.close();
      context = null;
    }
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    server.stop();
  }
}

await main();
