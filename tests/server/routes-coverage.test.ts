import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/routes-list';
import { PLACEHOLDER_PATHS, UNNAMED_CALLS } from '../../src/contract/chosen-paths';
import { CLASSES_PATHS } from '../../src/contract/classes';
import { PATHS } from '../../src/contract/paths';
import { callPath, type CallName } from '../../src/contract/resource';
import { RESOURCES } from '../../src/contract/resources';
import { ADMIN, createTestServer, type TestServer } from './helpers';

/**
 * Checks that the server serves every call the project's own contract names (src/contract: the
 * shell's and the classes area's paths, every declaration's standard calls, the chosen paths).
 * Where the spec checklist is present (beside the project at ../shared/spec, or SPEC_DIR), it also
 * compares what the server serves (`npm run routes`) with its calls.tsv and prints the coverage per
 * area; areas whose issues are done must be served completely. A clone of the project alone has no
 * checklist: that comparison is then reported as skipped, and the project's own check still runs.
 */
const SPEC_CALLS = join(process.env.SPEC_DIR ?? fileURLToPath(new URL('../../../shared/spec', import.meta.url)), 'calls.tsv');
const HAS_SPEC = existsSync(SPEC_CALLS);
const COMPLETE_AREAS = ['auth', 'system', 'messages', 'attachments', 'export', 'classes'];

interface Row {
  area: string;
  method: string;
  path: string;
  note: string;
}

function specRows(): Row[] {
  const lines = readFileSync(SPEC_CALLS, 'utf8').trim().split('\n').slice(1);
  return lines.map((l) => {
    const [area, method, path, , , note] = l.split('\t');
    return { area, method, path, note: note ?? '' };
  });
}

function resolvePath(row: Row): { method: string; path: string } | undefined {
  if (row.path === '-') {
    const chosen = UNNAMED_CALLS.find((u) => u.area === row.area && row.note.includes(u.noteIncludes));
    return chosen ? { method: chosen.method, path: chosen.path } : undefined;
  }
  const path = row.path.replace(/\{[^}]+\}/g, (p) => PLACEHOLDER_PATHS[p] ?? p);
  return path.includes('{') ? undefined : { method: row.method, path };
}

let server: TestServer;
let served: Set<string>;
let exportWorks = false;

beforeAll(async () => {
  server = await createTestServer();
  served = new Set(listRoutes(server.app));
  const { headers } = await server.login(ADMIN.login, ADMIN.password);
  const r = await server.call<{ file_id?: number }>('GET', '/api/v1/system/find_menu_page', {
    headers,
    query: { page: 1, rows: 10, __export__: 'true', __name__: '菜单', __columns__: JSON.stringify([{ prop: 'name', label: '菜单名', width: 20 }]) },
  });
  exportWorks = r.body.code === 200 && typeof r.body.data?.file_id === 'number';
});

afterAll(async () => {
  await server?.close();
});

function isServed(row: Row): boolean {
  const resolved = resolvePath(row);
  if (!resolved) return false;
  if (resolved.method === 'EXPORT') return exportWorks;
  const path = resolved.path.startsWith('/') ? resolved.path : `/${resolved.path}`;
  const methods = resolved.method === '?' ? ['GET', 'POST'] : resolved.method.split('|');
  return resolved.method === '?' ? methods.some((m) => served.has(`${m} ${path}`)) : methods.every((m) => served.has(`${m} ${path}`));
}

/** The method each standard call of a declaration is mounted with (server/lib/resource-routes.ts). */
const CALL_METHOD: Record<CallName, 'GET' | 'POST'> = { page: 'GET', get: 'GET', add: 'POST', update: 'POST', delete: 'POST', recover: 'POST', tree: 'GET' };

/** `METHOD /path` of every call the contract names; `ANY` where the contract names no method. */
function contractCalls(): string[] {
  const calls: string[] = [];
  for (const p of [...Object.values(PATHS), ...Object.values(CLASSES_PATHS)]) calls.push(`ANY /${p}`);
  for (const def of RESOURCES) {
    for (const call of Object.keys(CALL_METHOD) as CallName[]) {
      const p = callPath(def, call);
      if (p === undefined) continue;
      const method = call === 'page' && def.pageMethod === 'POST_FORM' ? 'POST' : CALL_METHOD[call];
      calls.push(`${method} /api/v1/${p}`);
    }
  }
  for (const u of UNNAMED_CALLS) {
    if (u.method === 'EXPORT') continue;
    for (const m of u.method.split('|')) calls.push(`${m} /${u.path}`);
  }
  return [...new Set(calls)];
}

describe("the project's own contract", () => {
  it('names calls the server serves, every one of them', () => {
    const calls = contractCalls();
    expect(calls.length).toBeGreaterThan(250);
    const missing = calls.filter((c) => {
      const [method, p] = c.split(' ');
      return method === 'ANY' ? !served.has(`GET ${p}`) && !served.has(`POST ${p}`) : !served.has(c);
    });
    expect(missing).toEqual([]);
  });

  it('starts an export from a list call with __export__', () => {
    expect(exportWorks).toBe(true);
  });
});

describe.skipIf(!HAS_SPEC)(`routes against the spec checklist ${HAS_SPEC ? SPEC_CALLS : '(../shared/spec/calls.tsv not present: skipped)'}`, () => {
  it('prints the coverage per area and serves every call of the finished areas', () => {
    const rows = specRows();
    expect(rows.length).toBe(792);
    const byArea = new Map<string, { listed: number; served: number; missing: string[] }>();
    for (const row of rows) {
      const a = byArea.get(row.area) ?? { listed: 0, served: 0, missing: [] };
      a.listed += 1;
      if (isServed(row)) a.served += 1;
      else a.missing.push(`${row.method} ${row.path}`);
      byArea.set(row.area, a);
    }
    const total = [...byArea.values()].reduce((s, a) => ({ listed: s.listed + a.listed, served: s.served + a.served }), { listed: 0, served: 0 });
    const table = [...byArea.entries()].sort().map(([area, a]) => `${area.padEnd(12)} ${String(a.served).padStart(4)} / ${a.listed}`);
    console.log(`coverage of calls.tsv (served / listed)\n${table.join('\n')}\n${'total'.padEnd(12)} ${String(total.served).padStart(4)} / ${total.listed}`);
    const missing = COMPLETE_AREAS.flatMap((area) => (byArea.get(area)?.missing ?? []).map((m) => `${area}: ${m}`));
    expect(missing).toEqual([]);
  });
});
