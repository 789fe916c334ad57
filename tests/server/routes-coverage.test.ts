import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/routes-list';
import { PLACEHOLDER_PATHS, UNNAMED_CALLS } from '../../src/contract/chosen-paths';
import { ADMIN, createTestServer, type TestServer } from './helpers';

/**
 * Compares what the server serves (`npm run routes`) with shared/spec/calls.tsv and prints the
 * coverage per area. Areas whose issues are done must be served completely.
 */
const COMPLETE_AREAS = ['auth', 'system', 'messages', 'attachments', 'export', 'classes'];

interface Row {
  area: string;
  method: string;
  path: string;
  note: string;
}

function specRows(): Row[] {
  const file = new URL('../../../shared/spec/calls.tsv', import.meta.url);
  const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
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

describe('routes against shared/spec/calls.tsv', () => {
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
