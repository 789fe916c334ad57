/**
 * Node options of the WORKERS processes. When the workers are as many as the cores, V8's parallel
 * garbage-collection helper threads have no idle core to run on and only take time from the
 * workers serving requests: each worker then collects on its own thread. Measured with WORKERS=2
 * on 2 cores, six alternating runs each of the student-list bench: 5,090 against 4,770 requests a
 * second on average (about 6%, within this machine's run-to-run spread of ±10%).
 */
export function workerExecArgv(workers: number, cores: number, execArgv: readonly string[]): string[] {
  const args = [...execArgv];
  if (workers >= cores && !args.includes('--single-threaded-gc')) args.push('--single-threaded-gc');
  return args;
}
