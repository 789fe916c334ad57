// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, CALL_AREAS } from '../../../src/contract/areas';
import { isCallDef } from '../../../src/contract/call';
import { RESOURCES, areaOfResource } from '../../../src/contract/resources';
import { ROOT } from './import-graph';

/*
 * One vocabulary (DESIGN.md §4): the areas are named as in the spec's calls.tsv (plus the areas
 * only screens.tsv names), and src/contract/resources, server/modules, src/features, the menu
 * seeds and the feature tests use those names and no others. A folder that is no area is listed
 * here with the reason it is shared.
 */

/** Feature folders that are no area: the signed-in user's own pages of the user menu (spec "fixed"/"layout"). */
const SHARED_FEATURES = new Set(['account']);
/** Plain files of server/modules beside the areas: the mounting list and the read permissions. */
const SHARED_MODULE_FILES = new Set(['index.ts', 'read-menus.ts']);

const areas = new Set<string>(AREAS);
/** The spec's calls.tsv: SPEC_DIR, or shared/spec beside the project (its main checkout or a worktree of it). */
const SPEC_CALLS = [process.env.SPEC_DIR, path.join(ROOT, '../shared/spec'), path.join(ROOT, '../../shared/spec')]
  .filter((d): d is string => d !== undefined)
  .map((d) => path.join(d, 'calls.tsv'))
  .find((f) => fs.existsSync(f));
const entries = (dir: string) => (fs.existsSync(path.join(ROOT, dir)) ? fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }) : []);
const folders = (dir: string) => entries(dir).filter((e) => e.isDirectory()).map((e) => e.name);
const stems = (dir: string) => entries(dir).filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => e.name.replace(/\.tsx?$/, ''));
/** `base-org` belongs to the base area: a file may add `-<part>` to its area's name. */
const areaOfStem = (stem: string) => stem.split('-')[0];

describe('architecture: areas named as in the spec', () => {
  it.skipIf(SPEC_CALLS === undefined)('knows every area of calls.tsv (skipped when the spec is not beside the project)', () => {
    const tsv = SPEC_CALLS as string;
    const inSpec = new Set(fs.readFileSync(tsv, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]));
    expect([...CALL_AREAS].sort()).toEqual([...inSpec].sort());
  });

  it('names every feature folder after an area (or a listed shared folder)', () => {
    const found = folders('src/features');
    expect(found).toContain('classes');
    expect(found.filter((f) => !areas.has(f) && !SHARED_FEATURES.has(f))).toEqual([]);
  });

  it('names every server module after an area, each with its public module index.ts', () => {
    const found = folders('server/modules');
    expect(found).toContain('classes');
    expect(found.filter((f) => !areas.has(f))).toEqual([]);
    expect(found.filter((f) => !fs.existsSync(path.join(ROOT, 'server/modules', f, 'index.ts')))).toEqual([]);
    expect(stems('server/modules').map((s) => `${s}.ts`).filter((f) => !SHARED_MODULE_FILES.has(f))).toEqual([]);
  });

  it('names every declaration file and menu seed file after an area', () => {
    expect(stems('src/contract/resources').filter((s) => s !== 'index' && !areas.has(areaOfStem(s)))).toEqual([]);
    const menuFiles = stems('src/contract/menus');
    expect(menuFiles.length).toBeGreaterThan(2);
    expect(menuFiles.filter((s) => !areas.has(areaOfStem(s)))).toEqual([]);
    // The menus moved here from server/db/seed/menus: a file still written there would never be loaded.
    expect(fs.existsSync(path.join(ROOT, 'server/db/seed/menus')), 'menus live in src/contract/menus').toBe(false);
  });

  it('names the feature tests after the areas they test', () => {
    expect(folders('tests/unit/features').filter((f) => !areas.has(f) && !SHARED_FEATURES.has(f))).toEqual([]);
  });

  it("keys every screen of src/features/<area>/screens.ts as '<area>/…'", () => {
    const wrong: string[] = [];
    let keys = 0;
    for (const area of folders('src/features')) {
      const file = path.join(ROOT, 'src/features', area, 'screens.ts');
      if (!fs.existsSync(file)) continue;
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\s*'([^']+)':\s*\(\)\s*=>\s*import\(/gm)) {
        keys++;
        if (!m[1].startsWith(`${area}/`)) wrong.push(`src/features/${area}/screens.ts: ${m[1]}`);
      }
    }
    expect(keys).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('gives every declaration and every special call an area of the spec', async () => {
    expect(RESOURCES.map((r) => `${r.name}: ${areaOfResource(r.name)}`).filter((s) => !areas.has(s.split(': ')[1]))).toEqual([]);
    const modules = import.meta.glob<Record<string, unknown>>('../../../src/contract/**/*.ts', { eager: true });
    const calls = Object.values(modules).flatMap((m) => Object.values(m).filter(isCallDef));
    expect(calls.length).toBeGreaterThan(40);
    expect(calls.filter((c) => !areas.has(c.area)).map((c) => `${c.path}: ${c.area}`)).toEqual([]);
  });
});
