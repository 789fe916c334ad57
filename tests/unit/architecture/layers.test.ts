// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { importEdges, ROOT, sourceFiles, type ImportEdge } from './import-graph';

/*
 * The layers of DESIGN.md and RULES, checked on the imports as written (plain file scanning):
 *
 *   app:    src/contract ← src/lib ← src/api ← src/offline ← src/components ← src/features ← src/app
 *   server: may use src/contract and src/lib, nothing else of the app
 *   areas:  src/features/X never imports src/features/Y; outside server/modules/B, only B's public
 *           module (server/modules/B/index.ts) is imported, never a file inside B
 *
 * src/api sits below src/offline: the outbox sends through the request layer, and the request layer
 * knows nothing of the outbox. A new top-level folder of src must be given a layer here.
 */

const SRC_LAYERS = ['contract', 'lib', 'api', 'offline', 'components', 'features', 'app'] as const;
/** What the server may import of the app's folders. */
const SERVER_MAY_USE = new Set(['contract', 'lib']);
/** What the service worker may import of the app's folders (it runs without the page). */
const SW_MAY_USE = new Set(['contract', 'lib', 'api', 'offline']);

/**
 * Known exceptions, `from -> to` exactly as reported. Each names why it stays and where it is
 * tracked; the test fails when one no longer occurs, so the list only shrinks.
 */
const KNOWN: ReadonlyMap<string, string> = new Map<string, string>([]);

const srcDir = (file: string): string | undefined => /^src\/([^/]+)(?:\/|$)/.exec(file)?.[1];
const featureOf = (file: string): string | undefined => /^src\/features\/([^/]+)\//.exec(file)?.[1];
const areaOf = (file: string): string | undefined => /^server\/modules\/([^/]+)\//.exec(file)?.[1];

/** Why an import breaks the layers, or undefined when it does not. */
function breach(e: ImportEdge): string | undefined {
  const fromTop = e.from.split('/')[0];
  const toTop = e.to.split('/')[0];
  const toSrc = srcDir(e.to);

  if (fromTop === 'src') {
    const fromDir = srcDir(e.from);
    if (toTop === 'server' || toTop === 'tests' || toTop === 'scripts' || toTop === 'sw') return `应用代码不得引用 ${toTop}/`;
    if (fromDir === undefined || toSrc === undefined) return undefined;
    const a = SRC_LAYERS.indexOf(fromDir as (typeof SRC_LAYERS)[number]);
    const b = SRC_LAYERS.indexOf(toSrc as (typeof SRC_LAYERS)[number]);
    if (a < 0) return `src/${fromDir} 不在分层表中（tests/unit/architecture/layers.test.ts）`;
    if (b > a) return `向上引用：src/${fromDir} 不得引用 src/${toSrc}`;
    const fa = featureOf(e.from);
    const fb = featureOf(e.to);
    if (fa !== undefined && fb !== undefined && fa !== fb) return `功能之间不得互相引用：features/${fa} → features/${fb}`;
    return undefined;
  }
  if (fromTop === 'server') {
    if (toTop === 'src' && (toSrc === undefined || !SERVER_MAY_USE.has(toSrc))) return `服务端只可引用 src/contract 与 src/lib，不可引用 src/${toSrc ?? ''}`;
    if (toTop === 'tests' || toTop === 'scripts') return `服务端不得引用 ${toTop}/`;
  }
  if (fromTop === 'sw' && ((toTop === 'src' && (toSrc === undefined || !SW_MAY_USE.has(toSrc))) || toTop === 'server')) {
    return `service worker 只可引用 src/contract、src/lib、src/api、src/offline`;
  }
  const target = areaOf(e.to);
  if (target !== undefined && areaOf(e.from) !== target && e.to !== `server/modules/${target}/index.ts`) {
    return `只可经公开模块 server/modules/${target}/index.ts 使用该区域，不可引用其内部文件`;
  }
  return undefined;
}

const edges = importEdges(sourceFiles(['src', 'server', 'sw']));
const key = (e: ImportEdge): string => `${e.from} -> ${e.to}`;

describe('architecture: layers, features and server areas', () => {
  it('reads the imports of the app, the server and the service worker', () => {
    // guards against a scanner that silently finds nothing
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from.startsWith('src/features/') && e.to.startsWith('src/components/'))).toBe(true);
    expect(edges.some((e) => e.from === 'server/modules/index.ts' && /^server\/modules\/[^/]+\/index\.ts$/.test(e.to))).toBe(true);
  });

  it('has no upward import, no feature importing another, no reach into another server area', () => {
    const found = edges.flatMap((e) => {
      const why = breach(e);
      return why && !KNOWN.has(key(e)) ? [`${key(e)}  (${e.spec}): ${why}`] : [];
    });
    expect(found).toEqual([]);
  });

  it('lists only known exceptions that still occur', () => {
    const still = new Set(edges.filter((e) => breach(e) !== undefined).map(key));
    expect([...KNOWN.keys()].filter((k) => !still.has(k))).toEqual([]);
  });

  it('tells each kind of breach', () => {
    const cases: [ImportEdge, boolean][] = [
      [{ from: 'src/lib/a.ts', to: 'src/components/B/index.ts', spec: '' }, true],
      [{ from: 'src/contract/a.ts', to: 'src/lib/b.ts', spec: '' }, true],
      [{ from: 'src/contract/a.ts', to: 'server/db/schema.ts', spec: '' }, true],
      [{ from: 'src/api/a.ts', to: 'src/offline/outbox.ts', spec: '' }, true],
      [{ from: 'src/offline/a.ts', to: 'src/api/request.ts', spec: '' }, false],
      [{ from: 'src/features/system/a.tsx', to: 'src/features/classes/b.tsx', spec: '' }, true],
      [{ from: 'src/features/system/a.tsx', to: 'src/features/system/user/b.tsx', spec: '' }, false],
      [{ from: 'src/app/screens.ts', to: 'src/features', spec: '' }, false],
      [{ from: 'src/components/a.tsx', to: 'src/features', spec: '' }, true],
      [{ from: 'server/lib/a.ts', to: 'src/components/DataTable/index.ts', spec: '' }, true],
      [{ from: 'server/lib/a.ts', to: 'src/contract/resource.ts', spec: '' }, false],
      [{ from: 'server/modules/orders/a.ts', to: 'server/modules/classes/hours.ts', spec: '' }, true],
      [{ from: 'server/modules/orders/a.ts', to: 'server/modules/classes/index.ts', spec: '' }, false],
      [{ from: 'server/modules/classes/a.ts', to: 'server/modules/classes/hours.ts', spec: '' }, false],
      [{ from: 'server/db/seed/demo/x.ts', to: 'server/modules/classes/hours.ts', spec: '' }, true],
      [{ from: 'sw/sw.ts', to: 'src/components/a.tsx', spec: '' }, true],
    ];
    for (const [e, bad] of cases) expect([key(e), breach(e) !== undefined]).toEqual([key(e), bad]);
  });
});

describe('zod in the app', () => {
  // The browser runs under a CSP without eval: every schema of the app and the service worker is
  // built from src/contract/zod.ts, which turns zod's compiled parsers off before the first schema
  // (a chunk that imported 'zod' itself could build one first and be reported as a violation).
  it('is imported for values only through src/contract/zod.ts', () => {
    const offenders = sourceFiles(['src', 'sw'])
      .filter((f) => f !== 'src/contract/zod.ts')
      .filter((f) => /^import\s+(?!type\b)[^;]*from\s+'zod(\/[^']*)?';/m.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
