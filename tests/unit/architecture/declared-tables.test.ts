// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database, DeclaredTable } from '../../../server/db/schema';
import { RESOURCES, type Declaration } from '../../../src/contract/resources';
import { ROOT } from './import-graph';

/*
 * Issue 17: a declared table has one type, derived from its declaration (server/db/schema.ts
 * DeclaredTable), never a second hand-typed copy. Two halves:
 *  - the type check below (run by `tsc`): every declaration's table is a key of the Database type
 *    whose row has each declared column with the declared type (a column the server always writes
 *    may be narrowed to non-null, a union of its values, and further columns may be added);
 *  - the test (run by vitest): the Database entries written in server/ name every declared table,
 *    each typed through DeclaredTable (directly or through a type alias or interface built on it).
 */

/** What DeclaredTable reads of a declaration, and its table. */
type Declared = { table: string; fields: Record<string, { type: string; required?: boolean }>; scope: 'school' | 'global'; softDelete?: boolean };

type Drift<D> = D extends Declared & { table: infer T extends string }
  ? string extends T
    ? { table_not_a_literal_in_declaration: D extends { name: infer N } ? N : never }
    : T extends keyof Database
      ? Database[T] extends DeclaredTable<D>
        ? never
        : { typed_otherwise_than_declared: T }
      : { missing_from_Database: T }
  : never;
type Drifted = Drift<Declaration>;
/** Does not compile, naming the tables, while a declaration and the Database type differ. */
const noDrift: [Drifted] extends [never] ? true : Drifted = true;

/** Every .ts file under server/, with comments removed. */
function serverSources(): { file: string; text: string }[] {
  const dir = path.join(ROOT, 'server');
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({
      file: `server/${f.split(path.sep).join('/')}`,
      text: fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, ''),
    }));
}

/**
 * The text from `start` up to the closing bracket of the enclosing block, or (`atSemicolon`) up to
 * the first `;` outside brackets, whichever comes first.
 */
function until(text: string, start: number, atSemicolon: boolean): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '<' || c === '(' || c === '[') depth++;
    else if ((c === '}' || c === '>' || c === ')' || c === ']') && text[i - 1] !== '=') {
      if (depth === 0) return text.slice(start, i);
      depth--;
    } else if (c === ';' && depth === 0 && atSemicolon) return text.slice(start, i);
  }
  return text.slice(start);
}

/** The entries of every `interface Database { … }` block: table → the type written for it, and where. */
function databaseEntries(sources: { file: string; text: string }[]): Map<string, { type: string; file: string }> {
  const out = new Map<string, { type: string; file: string }>();
  for (const { file, text } of sources) {
    for (const m of text.matchAll(/interface Database \{/g)) {
      const body = until(text, (m.index ?? 0) + m[0].length, false);
      let i = 0;
      while (i < body.length) {
        const entry = /^\s*(\w+)\s*:\s*/.exec(body.slice(i));
        if (!entry) break;
        const type = until(body, i + entry[0].length, true);
        out.set(entry[1], { type: type.trim(), file });
        i += entry[0].length + type.length + 1;
      }
    }
  }
  return out;
}

/** Type aliases and interfaces of server/ by name: what each is built on. */
function typeDefinitions(sources: { file: string; text: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (name: string, body: string) => out.set(name, [...(out.get(name) ?? []), body]);
  for (const { text } of sources) {
    for (const m of text.matchAll(/\btype (\w+)(?:<[^=]*>)?\s*=/g)) add(m[1], until(text, (m.index ?? 0) + m[0].length, true));
    for (const m of text.matchAll(/\binterface (\w+)(?:<[^{]*>)?\s+extends\s+([^{]+)\{/g)) add(m[1], m[2]);
  }
  return out;
}

/** Whether a written type is DeclaredTable<…> or built on it (an intersection, a wrapper, an alias of one). */
function builtOnDeclaration(type: string, defs: Map<string, string[]>, seen = new Set<string>()): boolean {
  if (/\bDeclaredTable</.test(type)) return true;
  for (const [name] of type.matchAll(/\b[A-Z]\w*/g)) {
    if (seen.has(name)) continue;
    seen.add(name);
    if ((defs.get(name) ?? []).some((body) => builtOnDeclaration(body, defs, seen))) return true;
  }
  return false;
}

describe('declared tables: one type, from the declaration', () => {
  const sources = serverSources();
  const entries = databaseEntries(sources);
  const defs = typeDefinitions(sources);
  const declared = [...new Set(RESOURCES.map((r) => r.table))].sort();

  it('reads the Database entries of server/ (the parser still finds them)', () => {
    expect(noDrift).toBe(true);
    expect(entries.get('users')?.file).toBe('server/db/core-schema.ts');
    expect(entries.get('edu_check_in')?.type).toMatch(/^CheckInTable/);
    expect(builtOnDeclaration('CheckInTable', defs)).toBe(true);
    expect(builtOnDeclaration('UserTable', defs)).toBe(false);
    expect(declared.length).toBeGreaterThan(150);
  });

  it('has every declared table in the Database type', () => {
    expect(declared.filter((t) => !entries.has(t))).toEqual([]);
  });

  it('types every declared table through DeclaredTable, never by a hand-typed copy', () => {
    const handTyped = declared.filter((t) => entries.has(t) && !builtOnDeclaration(entries.get(t)?.type ?? '', defs)).map((t) => `${t} (${entries.get(t)?.file})`);
    expect(handTyped).toEqual([]);
  });
});
