import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// `setX(prev => ({ ...prev, a: e.currentTarget.value }))` reads the input event inside a state
// updater, which React may run after the event has been released: currentTarget is then null and the
// screen crashes on the first keystroke (issue 18, defect 2). Every handler reads the value first.
const root = join(__dirname, '../../../src');
const UPDATER_READS_EVENT = /\b(?:set\w*|update\w*)\(\s*\(?\s*\w+\s*\)?\s*=>[^;]{0,300}?\b\w+\.(?:currentTarget|target)\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('input handlers', () => {
  it('never read the event inside a state updater', () => {
    const found: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(UPDATER_READS_EVENT)) {
        found.push(`${relative(root, file)}:${text.slice(0, m.index).split('\n').length}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the check finds the pattern it guards against', () => {
    const bad = "onChange={(e) => setValues((v) => ({ ...v, name: e.currentTarget.value }))}";
    const good = 'onChange={(e) => { const name = e.currentTarget.value; setValues((v) => ({ ...v, name })); }}';
    expect([...bad.matchAll(UPDATER_READS_EVENT)]).toHaveLength(1);
    expect([...good.matchAll(UPDATER_READS_EVENT)]).toHaveLength(0);
  });
});
