/**
 * The API bench's load: `concurrency` keep-alive connections, each sending the next list request as
 * soon as the previous answer is in, for `seconds` after two seconds of warm-up. Runs as its own
 * process, started by tests/bench/api-bench.ts with a LoadJob on stdin; prints a LoadResult as the
 * last line of stdout.
 */
import fs from 'node:fs';
import os from 'node:os';
import { LeanConnection, formPost } from './lean-http-client';
import { percentile } from './percentile';

export interface LoadJob {
  port: number;
  /** the server's process (its children, the WORKERS processes, are counted with it) */
  serverPid: number;
  seconds: number;
  concurrency: number;
  maxRequests: number;
  path: string;
  headers: Record<string, string>;
  /** form bodies sent in turn */
  bodies: string[];
  /** nice value for this process; undefined keeps the inherited one */
  nice?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  medianMs: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  /** CPU of the server processes per request (µs), from /proc */
  serverCpuUs: number;
  /** CPU of this process per request (µs) */
  clientCpuUs: number;
  clientNice: number;
}

/** CPU time (µs) used so far by a process and its children (the WORKERS processes), from /proc. */
function processTreeCpuUs(pid: number): number {
  const statOf = (p: string): string[] | undefined => {
    try {
      return fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ');
    } catch {
      return undefined;
    }
  };
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statOf(entry);
    // fields after the name: state, ppid, …, utime (index 11), stime (12)
    if (f && (Number(entry) === pid || Number(f[1]) === pid)) ticks += Number(f[11]) + Number(f[12]);
  }
  return (ticks * 1e6) / 100;
}

async function run(job: LoadJob): Promise<LoadResult> {
  if (job.nice !== undefined) {
    try {
      os.setPriority(job.nice);
    } catch {
      // raising priority needs privilege: the run goes on at the inherited one and says so
    }
  }
  const requests = job.bodies.map((b) => formPost(job.path, job.headers, b));
  const connections = Array.from({ length: job.concurrency }, () => new LeanConnection(job.port));
  try {
    // Warm up every connection and page, and the server's compiled code: two seconds of the same load.
    const warmUntil = performance.now() + 2000;
    await Promise.all(connections.map(async (conn, k) => {
      for (let i = 0; performance.now() < warmUntil; i++) await conn.send(requests[(k + i) % requests.length]);
    }));

    const latencies = new Float64Array(job.maxRequests);
    const serverCpu0 = processTreeCpuUs(job.serverPid);
    const clientCpu0 = process.cpuUsage();
    let count = 0;
    let errors = 0;
    let next = 0;
    const started = performance.now();
    const deadline = started + job.seconds * 1000;
    await Promise.all(connections.map(async (conn) => {
      while (next < job.maxRequests && performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        const res = await conn.send(requests[i % requests.length]);
        latencies[count++] = performance.now() - t0;
        if (res.status !== 200 || !res.head.startsWith('{"code":200')) errors++;
      }
    }));
    const elapsed = (performance.now() - started) / 1000;
    const serverCpuUs = (processTreeCpuUs(job.serverPid) - serverCpu0) / count;
    const clientCpu = process.cpuUsage(clientCpu0);
    const sorted = latencies.subarray(0, count).sort();
    return {
      requests: count,
      errors,
      rps: count / elapsed,
      medianMs: percentile(sorted, 50),
      p90Ms: percentile(sorted, 90),
      p95Ms: percentile(sorted, 95),
      p99Ms: percentile(sorted, 99),
      p999Ms: percentile(sorted, 99.9),
      maxMs: sorted[sorted.length - 1],
      serverCpuUs,
      clientCpuUs: (clientCpu.user + clientCpu.system) / count,
      clientNice: os.getPriority(),
    };
  } finally {
    for (const conn of connections) conn.close();
  }
}

async function readStdin(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk as string;
  return text;
}

const job = JSON.parse(await readStdin()) as LoadJob;
const result = await run(job);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
