import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../server/worker-args';

describe('worker process options', () => {
  it('collect garbage on their own thread when the workers fill every core', () => {
    expect(workerExecArgv(2, 2, ['--import', 'tsx'])).toEqual(['--import', 'tsx', '--single-threaded-gc']);
    expect(workerExecArgv(4, 2, [])).toEqual(['--single-threaded-gc']);
  });

  it('keep the parallel collector while a core is spare, and never repeat the flag', () => {
    expect(workerExecArgv(2, 4, ['--import', 'tsx'])).toEqual(['--import', 'tsx']);
    expect(workerExecArgv(2, 2, ['--single-threaded-gc'])).toEqual(['--single-threaded-gc']);
  });
});
