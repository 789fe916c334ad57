import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { accountBalance } from '../../../server/modules/finance';
import { NEW_BALANCE_ADJUST_TREE, oldBalanceAdjustTree, up as migrate1350 } from '../../../server/db/migrations/1350_balance_adjust_second_person';
import type { BalanceAdjustRow } from '../../../src/contract/finance-accounts';
import { addStudent, decide, ok } from './fixture';
import { api, schoolId } from './flows-helpers';

/**
 * Migration 1350: an installation seeded with the first 余额调整 definition (principal, then the
 * finance user) stalls every correction finance asks for (the applicant may not approve their own).
 * The migration moves an unedited definition to principal-only as a new version; an edited one stays.
 */
let s: TestServer;
let admin: LoggedIn;
let finance: LoggedIn;
let principal: LoggedIn;
let bj: number;
let defineId: number;

const migrate = () => migrate1350(s.db as unknown as Kysely<unknown>);

async function currentVersion(): Promise<{ version: number; tree: unknown; remark: string | null; versions: number }> {
  const def = await s.db.selectFrom('wf_define').select(['version_id', 'version', 'remark']).where('id', '=', defineId).executeTakeFirstOrThrow();
  const v = await s.db.selectFrom('wf_define_version').select(['tree', 'version']).where('id', '=', Number(def.version_id)).executeTakeFirstOrThrow();
  const all = await s.db.selectFrom('wf_define_version').select('id').where('define_id', '=', defineId).execute();
  expect(Number(v.version)).toBe(Number(def.version));
  return { version: Number(def.version), tree: JSON.parse(v.tree) as unknown, remark: def.remark, versions: all.length };
}

/** Puts the database back at the older state: the current version holds `tree` (as the first seed wrote it) with the first remark. */
async function olderState(tree: unknown, stepNames: string | null = null): Promise<void> {
  const def = await s.db.selectFrom('wf_define').select('version_id').where('id', '=', defineId).executeTakeFirstOrThrow();
  await s.db.updateTable('wf_define_version').set({ tree: JSON.stringify(tree) }).where('id', '=', Number(def.version_id)).execute();
  await s.db.updateTable('wf_define').set({ remark: '储值余额的调增或调减，校长与财务审批后入账', step_names: stepNames }).where('id', '=', defineId).execute();
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  finance = await s.login('finance', DEMO_PASSWORD);
  principal = await s.login('principal', DEMO_PASSWORD);
  bj = await schoolId(s, 'BJ-CY');
  defineId = (await s.db.selectFrom('wf_define').select('id').where('define_key', '=', 'balance_adjust').executeTakeFirstOrThrow()).id;
}, 1_500_000);

afterAll(async () => s?.close());

describe('migration 1350: 余额调整 with a second person', { timeout: 120_000 }, () => {
  it('moves the unedited first definition to principal-only: finance\'s correction, stalled before, is posted on the principal\'s approval', async () => {
    await olderState(oldBalanceAdjustTree(finance.user.id));
    const before = await currentVersion();
    // at the older state: the principal approves, then the step is finance's own and refused
    const stuck = await addStudent(s, admin, bj, '调整迁移1', 2);
    const first = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/modify_balance'), { headers: finance.headers, json: { student_id: stuck, amount: 1500, reason: '旧流程' } }));
    expect((await decide(s, principal, Number(first.wf_instance_id))).body.code).toBe(200);
    expect((await decide(s, finance, Number(first.wf_instance_id))).body).toMatchObject({ code: 403, msg: '不能审核自己提交的余额调整，请由另一位同事审核' });
    expect(await accountBalance(s.db, stuck)).toBe(0);

    await migrate();
    const after = await currentVersion();
    expect(after.version).toBe(before.version + 1);
    expect(after.versions).toBe(before.versions + 1);
    expect(after.tree).toEqual(NEW_BALANCE_ADJUST_TREE);
    expect(after.remark).toBe('储值余额的调增或调减，财务申请、校长审批后入账');
    // twice: nothing more (the current tree is no longer the old one)
    await migrate();
    expect((await currentVersion()).versions).toBe(after.versions);

    const id = await addStudent(s, admin, bj, '调整迁移2', 2);
    const adj = await ok(s.call<BalanceAdjustRow>('POST', api('fn_student_account/modify_balance'), { headers: finance.headers, json: { student_id: id, amount: 2600, reason: '新流程' } }));
    expect((await decide(s, principal, Number(adj.wf_instance_id))).body).toMatchObject({ code: 200, data: { state: 2 } });
    expect(await accountBalance(s.db, id)).toBe(2600);
    expect((await s.db.selectFrom('fin_balance_adjust').select('state').where('id', '=', adj.id).executeTakeFirstOrThrow()).state).toBe(2);
  });

  it('leaves a definition the administrator edited: another finance approver, or renamed steps', async () => {
    const otherApprover = oldBalanceAdjustTree(admin.user.id);
    await olderState(otherApprover);
    const before = await currentVersion();
    await migrate();
    expect(await currentVersion()).toEqual(before);

    await olderState(oldBalanceAdjustTree(finance.user.id), JSON.stringify({ principal: '校区负责人审批' }));
    const renamed = await currentVersion();
    await migrate();
    expect(await currentVersion()).toEqual(renamed);
  });
});
