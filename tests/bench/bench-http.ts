/**
 * The real app over loopback for the area benches (marketing, workflow): the bench server in a
 * child process (api-bench-server.ts) on a prepared database, a keep-alive client that speaks
 * JSON, query strings and form bodies, sign-in, and the timing of one call (sequential p50/p99,
 * then requests per second with several clients at once).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bearerOf } from '../../src/contract/session';
import { percentile } from './percentile';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** CPU time a process has used so far, ms (Linux /proc; 10 ms ticks). */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

export type Headers = Record<string, string>;
export interface Body {
  json?: unknown;
  /** form-encoded (the POST_FORM pages) */
  form?: Record<string, string | number>;
}

export interface CallTiming {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  /** the server process's CPU per request over the sequential runs (ms): what the load average does not change */
  cpuMs: number;
}

export interface BenchServer {
  call<T>(headers: Headers, method: 'GET' | 'POST', p: string, body?: Body): Promise<T>;
  /** the raw answer: status and text (errors included) */
  send(headers: Headers, method: 'GET' | 'POST', p: string, body?: Body): Promise<{ status: number; text: string }>;
  login(loginId: string, password: string): Promise<Headers>;
  /** `runs` calls one after another (p50/p99), then `concurrency` clients for `seconds` (req/s). */
  time(headers: Headers, method: 'GET' | 'POST', pathOf: (i: number) => string, bodyOf?: (i: number) => Body | undefined, options?: { runs?: number; seconds?: number; concurrency?: number }): Promise<CallTiming>;
  stop(): Promise<void>;
}

function encode(body: Body | undefined): { type?: string; text?: string } {
  if (body?.form) return { type: 'application/x-www-form-urlencoded', text: new URLSearchParams(Object.entries(body.form).map(([k, v]) => [k, String(v)])).toString() };
  if (body?.json !== undefined) return { type: 'application/json', text: JSON.stringify(body.json) };
  return {};
}

/**
 * The bench server (api-bench-server.ts) on `dataDir` in a child process, once it listens.
 * BENCH_SERVER_NODE_ARGS adds Node options to it (e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`), as in api-bench.ts.
 */
export async function forkBenchServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = fork(path.join(HERE, 'api-bench-server.ts'), [], { execArgv: [...nodeArgs, '--import', 'tsx'], env: { ...process.env, BENCH_DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`压测服务进程退出 (${code})`)));
  });
  return { child, port };
}

export async function startBenchServer(dataDir: string, concurrency = 4): Promise<BenchServer> {
  const { child, port } = await forkBenchServer(dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(concurrency, 1) });
  const send = (headers: Headers, method: 'GET' | 'POST', p: string, body?: Body): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const { type, text } = encode(body);
      const req = http.request({ host: '127.0.0.1', port, path: p, method, agent, headers: type ? { ...headers, 'content-type': type } : headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      if (text !== undefined) req.write(text);
      req.end();
    });
  const call = async <T>(headers: Headers, method: 'GET' | 'POST', p: string, body?: Body): Promise<T> => {
    const res = await send(headers, method, p, body);
    const parsed = JSON.parse(res.text) as { code: number; msg: string; data: T };
    if (parsed.code !== 200) throw new Error(`${p}: ${parsed.code} ${parsed.msg}`);
    return parsed.data;
  };
  return {
    call,
    send,
    async login(loginId, password) {
      const l = await call<{ token: string; login_id: string; domain: string }>({}, 'POST', '/api/v1/sso/login', { json: { login_id: loginId, password } });
      return { token: l.token, authorization: bearerOf(l.login_id, l.token, l.domain) };
    },
    async time(headers, method, pathOf, bodyOf = () => undefined, options = {}) {
      const runs = options.runs ?? 200;
      const seconds = options.seconds ?? 5;
      const clients = options.concurrency ?? concurrency;
      let errors = 0;
      const once = async (i: number): Promise<number> => {
        const t = performance.now();
        const res = await send(headers, method, pathOf(i), bodyOf(i));
        const ms = performance.now() - t;
        if (res.status !== 200 || !res.text.startsWith('{"code":200')) errors++;
        return ms;
      };
      for (let i = 0; i < 20; i++) await once(i); // warm-up: compiled statements, page cache
      const ms: number[] = [];
      const cpu0 = cpuOf(child.pid);
      for (let i = 0; i < runs; i++) ms.push(await once(i));
      const cpuMs = (cpuOf(child.pid) - cpu0) / runs;
      ms.sort((a, b) => a - b);
      let done = 0;
      let next = 0;
      const started = performance.now();
      const deadline = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < deadline) {
            await once(next++);
            done++;
          }
        }),
      );
      const rps = done / ((performance.now() - started) / 1000);
      return { p50: percentile(ms, 50), p99: percentile(ms, 99), rps, requests: runs + done, errors, cpuMs };
    },
    async stop() {
      agent.destroy();
      child.send('stop');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * How much of a file the kernel holds in its page cache (util-linux `fincore`), e.g. "14.4G of
 * 14.4G": a lookup in a 15 GB database costs a disk read the first time its page is touched after
 * a reboot, about 0.3 ms on this disk, and nothing once the page is cached. Null without fincore.
 */
export function pageCacheResidency(file: string): string | null {
  try {
    const out = execFileSync('fincore', ['--noheadings', '--output', 'RES,SIZE', file], { encoding: 'utf8' }).trim().split(/\s+/);
    return out.length === 2 ? `${out[0]} of ${out[1]}` : null;
  } catch {
    return null;
  }
}

/** The machine's 1-minute load average (2 cores shared with other work). */
export function loadAverage(): number {
  return os.loadavg()[0];
}
