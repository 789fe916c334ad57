import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The app loads Mantine's stylesheets in three parts (entry, shell, rest: issue 11) instead of the
// whole styles.css. A component sheet in none of them would leave its component unstyled, silently:
// this fails when a Mantine upgrade brings a sheet that no part names.
const PARTS = ['src/app/entryStyles.ts', 'src/app/layout/layoutStyles.ts', 'src/app/layout/mantineRest.ts'];

describe('Mantine stylesheets', () => {
  it('every component sheet of @mantine/core is loaded by one of the parts', () => {
    const shipped = readdirSync(path.resolve('node_modules/@mantine/core/styles')).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
    const imported = new Set(PARTS.flatMap((p) => [...readFileSync(path.resolve(p), 'utf8').matchAll(/@mantine\/core\/styles\/([^']+\.css)/g)].map((m) => m[1])));
    expect(shipped.length).toBeGreaterThan(50);
    expect(shipped.filter((f) => !imported.has(f))).toEqual([]);
  });
});
