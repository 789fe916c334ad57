import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Database, DeclaredTable } from '../db/schema';
import type { auditLogResource } from '../../src/contract/resources/misc';
import type { Principal } from './context';
import { nowText } from './time';

/** One row's change: the fields that changed, before and after (null: the row did not exist / is gone). */
export interface RowChange {
  id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditEntry {
  area: string;
  /** the call, relative to api/v1 (`base_class_manage/update`) */
  call: string;
  /** Chinese name of what was done (新增班级, 排课) */
  title: string;
  table: string | null;
  ids: readonly number[];
  changes: readonly RowChange[];
}

/** Stamps every row has; a change of these alone is not a change worth logging. */
const STAMPS = new Set(['updated_at', 'updated_by', 'created_at', 'created_by']);

let enabled = true;

/** The bench measures a write with and without the log; nothing else turns it off. */
export function setAuditEnabled(on: boolean): void {
  enabled = on;
}

/** The fields of `after` that differ from `before`, both sides (stamps left out). */
export function diffRow(id: number, before: Record<string, unknown> | null, after: Record<string, unknown> | null): RowChange {
  if (!before || !after) return { id, before: before && withoutStamps(before), after: after && withoutStamps(after) };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (STAMPS.has(k) || k === 'id') continue;
    // numbers come back as strings from some drivers (PostgreSQL numeric): compare as text
    if (String(before[k] ?? null) === String(v ?? null)) continue;
    b[k] = before[k] ?? null;
    a[k] = v ?? null;
  }
  return { id, before: b, after: a };
}

function withoutStamps(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!STAMPS.has(k)) out[k] = v;
  return out;
}

/**
 * Writes the audit entry of a write, in the writing transaction (`db` is the request's), so the
 * entry exists exactly when the write does.
 */
export async function writeAudit(db: Kysely<Database>, principal: Pick<Principal, 'userId' | 'name'>, entry: AuditEntry): Promise<void> {
  if (!enabled) return;
  const now = nowText();
  const values = [
    now,
    principal.userId,
    principal.name,
    entry.area,
    entry.title.slice(0, 64),
    entry.call.slice(0, 128),
    entry.table,
    entry.ids.length > 0 ? `,${entry.ids.slice(0, 200).join(',')},` : null,
    JSON.stringify(entry.changes),
    now,
    now,
    principal.userId,
    principal.userId,
  ];
  // one fixed statement (every write logs one row): no query building on the write's path; the
  // dialect is this database's own (a process may hold a SQLite and a PostgreSQL database at once)
  await db.executeQuery(CompiledQuery.raw(AUDIT_INSERT[dialectOf(db as unknown as Kysely<unknown>)], values));
}

const AUDIT_COLUMNS = ['at', 'user_id', 'user_name', 'area', 'title', 'call', 'table_name', 'record_ids', 'changes', 'created_at', 'updated_at', 'created_by', 'updated_by'].map((c) => `"${c}"`).join(', ');
const AUDIT_INSERT = {
  sqlite: `insert into audit_log (${AUDIT_COLUMNS}) values (${Array.from({ length: 13 }, () => '?').join(', ')})`,
  postgres: `insert into audit_log (${AUDIT_COLUMNS}) values (${Array.from({ length: 13 }, (_, i) => `$${i + 1}`).join(', ')})`,
} as const;

/** Keys of an input whose values never reach the log: passwords, PINs, secrets, tokens. */
const SECRET_KEY = /password|secret|token|(^|_)pin$/i;

/** What the log shows instead of a secret (a password or PIN that was set is logged as set, not as it is). */
export const SECRET_SET = '（已设置，不记录）';

/** An input as the log keeps it: the values of secret keys (SECRET_KEY) replaced by SECRET_SET. */
export function withoutSecrets(input: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(input)) {
    if (!SECRET_KEY.test(key)) continue;
    out ??= { ...input };
    out[key] = SECRET_SET;
  }
  return out ?? input;
}

/** Ids a special call's input or answer names: `id`, `ids`, `[{id}]`, or the answer's `id`. */
export function idsOf(...values: unknown[]): number[] {
  const out = new Set<number>();
  const add = (v: unknown): void => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (Number.isInteger(n) && n > 0) out.add(n);
  };
  for (const value of values) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object' && 'id' in item) add((item as { id: unknown }).id);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const o = value as Record<string, unknown>;
    add(o.id);
    if (Array.isArray(o.ids)) for (const id of o.ids) add(id);
  }
  return [...out];
}

/** The audit log's table type, derived from its declaration (resources/misc.ts). */
export type AuditLogTable = DeclaredTable<typeof auditLogResource>;

declare module '../db/schema' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
