import type { Generated, Kysely } from 'kysely';

/**
 * 余额调整 (workflow definition balance_adjust) as first seeded: the campus principal, then the
 * finance user. Finance is also who asks for a correction, and the applicant may not approve their
 * own (server/modules/finance/adjust.ts), so every correction asked by finance stalled at its last
 * step. The seed now ends at the principal (the second person). This migration moves installations
 * still holding the first tree to it, as a new version (running instances keep theirs), only when
 * the administrator has not changed the definition: the current version's tree and form equal the
 * old seed and no step was renamed. An edited definition is the administrator's and stays.
 * The trees are written out here (not read from the seed) so this migration never changes meaning.
 */

const FORM = [
  { name: 'student', label: '学员', type: 'text', required: true },
  { name: 'amount', label: '调整金额（分，负数为调减）', type: 'number', required: true },
  { name: 'reason', label: '调整原因', type: 'textarea', required: true },
];

const OLD_REMARK = '储值余额的调增或调减，校长与财务审批后入账';
const NEW_REMARK = '储值余额的调增或调减，财务申请、校长审批后入账';

const principalStep = { id: 'principal', name: '校长审批', type: 'approver', mode: 'any', rule: { kind: 'principal' } };

/** The first seed's tree: its finance step named the installation's finance user. */
export function oldBalanceAdjustTree(financeUserId: number): unknown {
  return { id: 'start', name: '发起人', type: 'start', child: { ...principalStep, child: { id: 'finance', name: '财务审批', type: 'approver', mode: 'any', rule: { kind: 'user', user_ids: [financeUserId] } } } };
}

export const NEW_BALANCE_ADJUST_TREE = { id: 'start', name: '发起人', type: 'start', child: principalStep };

/** JSON with object keys sorted, so two trees compare by content whatever order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface DefineRow {
  id: number;
  version_id: number | null;
  step_names: string | null;
  remark: string | null;
}
interface VersionRow {
  id: number;
  version: number;
  tree: string;
  form: string;
}
interface Tables {
  wf_define: DefineRow & { define_key: string; del_flag: number; version: number; updated_at: string | null; updated_by: number | null };
  // the id is the database's (serial / autoincrement)
  wf_define_version: Omit<VersionRow, 'id'> & { id: Generated<number>; define_id: number; created_at: string | null; updated_at: string | null; created_by: number | null; updated_by: number | null };
  users: { id: number; login_id: string };
}

/** Shanghai local time text (the app's timestamps; a migration does not import the app's modules). */
function now(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Tables>;
  const def = await db.selectFrom('wf_define').select(['id', 'version_id', 'step_names', 'remark']).where('define_key', '=', 'balance_adjust').where('del_flag', '=', 0).executeTakeFirst();
  if (!def || def.version_id === null) return;
  if (def.step_names !== null && def.step_names !== '' && def.step_names !== '{}') return;
  const current = await db.selectFrom('wf_define_version').select(['id', 'version', 'tree', 'form']).where('id', '=', Number(def.version_id)).executeTakeFirst();
  if (!current) return;
  const finance = await db.selectFrom('users').select('id').where('login_id', '=', 'finance').executeTakeFirst();
  if (!finance) return;
  if (canonical(parsed(current.tree)) !== canonical(oldBalanceAdjustTree(Number(finance.id)))) return;
  if (canonical(parsed(current.form)) !== canonical(FORM)) return;
  const top = await db.selectFrom('wf_define_version').select((eb) => eb.fn.max('version').as('v')).where('define_id', '=', def.id).executeTakeFirst();
  const version = Number(top?.v ?? current.version) + 1;
  const at = now();
  const row = await db
    .insertInto('wf_define_version')
    .values({ define_id: def.id, version, tree: JSON.stringify(NEW_BALANCE_ADJUST_TREE), form: JSON.stringify(FORM), created_at: at, updated_at: at, created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('wf_define')
    .set({ version_id: row.id, version, ...(def.remark === OLD_REMARK ? { remark: NEW_REMARK } : {}), updated_at: at, updated_by: null })
    .where('id', '=', def.id)
    .execute();
}
