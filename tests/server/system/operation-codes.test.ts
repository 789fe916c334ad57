import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permCode } from '../../../src/contract/resource';
import { RESOURCES } from '../../../src/contract/resources';
import { CLASSES_RESOURCES } from '../../../src/contract/resources/classes';
import { DEVICE_PERMS } from '../../../src/contract/device';
import { CMP_PERM } from '../../../src/contract/cmp';
import { GUIDE_PERMS } from '../../../src/contract/resources/teaching';
import { createTestServer, type TestServer } from '../helpers';

/**
 * Every operation code a server module checks must exist as a seeded type-2 menu (a button), or no
 * role can ever be granted it. The codes are read from the sources (requirePerm / assertPerm /
 * hasPerm) and from the resource declarations the app mounts; a new check without its button fails
 * here. The classes area keeps its own list (its engineer owns those modules).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MODULES = path.join(ROOT, 'server/modules');
const SKIP_DIRS = new Set(['classes']);

/** Codes that are named through a constant rather than a literal. */
const CONSTANTS: Record<string, string> = Object.fromEntries([
  ...Object.entries(GUIDE_PERMS).map(([k, v]) => [`GUIDE_PERMS.${k}`, v]),
  ...Object.entries(DEVICE_PERMS).map(([k, v]) => [`DEVICE_PERMS.${k}`, v]),
  ['CMP_PERM.ta_all', CMP_PERM.ta_all],
]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === MODULES && SKIP_DIRS.has(entry.name)) continue;
      out.push(...sourceFiles(full));
    } else if (entry.name.endsWith('.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** `requirePerm(...)`, `assertPerm(x, ...)`, `hasPerm(x, ...)`: every code literal or known constant in the arguments. */
export function checkedCodes(source: string): { codes: string[]; unresolved: string[] } {
  const codes: string[] = [];
  const unresolved: string[] = [];
  const call = /\b(requirePerm|assertPerm|hasPerm)\(([^;]*?)\)\s*[;)\n{]/g;
  for (const m of source.matchAll(call)) {
    const args = m[1] === 'requirePerm' ? m[2] : m[2].replace(/^[^,]*,/, '');
    const literals = [...args.matchAll(/'([a-z0-9_]+)'/g)].map((x) => x[1]);
    const constants = [...args.matchAll(/\b([A-Z_]+\.[a-z_]+)\b/g)].map((x) => x[1]);
    codes.push(...literals);
    for (const k of constants) {
      if (CONSTANTS[k]) codes.push(CONSTANTS[k]);
      else unresolved.push(k);
    }
    if (literals.length === 0 && constants.length === 0 && !/\bcode\b/.test(args)) unresolved.push(`${m[1]}(${m[2].trim()})`);
  }
  return { codes, unresolved };
}

let server: TestServer;
let buttons: Set<string>;

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.db.selectFrom('menus').select('code').where('type', '=', 2).where('del_flag', '=', 0).execute();
  buttons = new Set(rows.map((r) => r.code));
});

afterAll(async () => {
  await server?.close();
});

describe('operation codes', () => {
  it('reads literals and constants from permission checks', () => {
    const found = checkedCodes("assertPerm(c.var.principal, 'add_menu');\nrequirePerm('del_menu'),\nassertPerm(p, replace ? 'a_update' : 'a_add');\nif (hasPerm(p, GUIDE_PERMS.update)) {");
    expect(found.codes.toSorted()).toEqual(['a_add', 'a_update', 'add_menu', 'del_menu', 'update_guide']);
    expect(checkedCodes('assertPerm(p, SOMETHING.else);').unresolved).toEqual(['SOMETHING.else']);
  });

  it('every code a module checks is a seeded button', () => {
    const missing: string[] = [];
    const unresolved: string[] = [];
    let total = 0;
    for (const file of sourceFiles(MODULES)) {
      const found = checkedCodes(fs.readFileSync(file, 'utf8'));
      total += found.codes.length;
      for (const code of found.codes) if (!buttons.has(code)) missing.push(`${path.relative(ROOT, file)}: ${code}`);
      unresolved.push(...found.unresolved.map((u) => `${path.relative(ROOT, file)}: ${u}`));
    }
    expect(total).toBeGreaterThan(25);
    expect(unresolved).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('every write of a mounted declaration has its button', () => {
    const classes = new Set<string>(CLASSES_RESOURCES.map((d) => d.name));
    const missing: string[] = [];
    for (const def of RESOURCES) {
      if (classes.has(def.name)) continue;
      for (const call of ['add', 'update', 'delete', ...(def.softDelete ? ['recover' as const] : [])] as const) {
        if (def.calls?.[call] === false) continue;
        const code = permCode(def, call);
        if (!buttons.has(code)) missing.push(`${def.name}: ${code}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('feedback handling has its button (update_feedback)', () => {
    expect(buttons.has('update_feedback')).toBe(true);
  });
});
