import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '../../e2e');

// Browser tests run in parallel workers, each against its own server (tests/e2e/fixtures.ts). A
// file importing `test` straight from '@playwright/test' would talk to the first worker's server
// from any worker and see another file's writes.
describe('browser tests', () => {
  it('take test and expect from tests/e2e/fixtures.ts, never from @playwright/test', () => {
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'fixtures.ts')
      .filter((f) => /from '@playwright\/test'|import\('@playwright\/test'\)/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
