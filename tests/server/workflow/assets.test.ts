import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type Answer, type LoggedIn, type TestServer } from '../helpers';
import type { InstanceDetail } from '../../../src/contract/workflow';
import type { AssetStockRow } from '../../../src/contract/workflow-assets';
import type { Page } from '../../../src/contract/envelope';

/**
 * The asset stock the asset applications move (server/modules/workflow/assets.ts), on SQLite and,
 * with TEST_DATABASE_URL, on PostgreSQL: an approved 资产入库 adds, 资产申领 takes away, a take
 * beyond the stock refuses the approval with nothing written, and two approvals racing for the last
 * items leave the quantity at zero, never below.
 */

let server: TestServer;
const who: Record<string, LoggedIn> = {};
let cy = 0;

async function ok<T>(r: Promise<Answer<T>>): Promise<T> {
  const a = await r;
  if (a.body.code !== 200) throw new Error(`${a.body.code} ${a.body.msg}`);
  return a.body.data;
}

const post = <T>(user: string, path: string, json: unknown) => server.call<T>('POST', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, json });
const get = <T>(user: string, path: string, query: Record<string, string | number>) => server.call<T>('GET', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, query });

async function apply(tag: string, item: string, quantity: number): Promise<number> {
  return (await ok(post<{ instance_id: number }>('sales', 'create_instance', { tag, school_id: cy, form: { item, quantity, reason: '测试' } }))).instance_id;
}

async function approve(instanceId: number, user = 'principal'): Promise<Answer<{ state: number }>> {
  const d = await ok(get<InstanceDetail>(user, 'instance_step_current', { instance_id: instanceId }));
  if (!d.my_task) throw new Error(`${user} 在流程 ${instanceId} 没有待办`);
  return post<{ state: number }>(user, 'run', { task_id: d.my_task.id, action: 'approve', comment: '同意' });
}

async function stock(item: string): Promise<number | undefined> {
  const page = await ok(get<Page<AssetStockRow>>('principal', 'asset_stock_page', { item, school_id: cy }));
  return page.content.find((r) => r.item === item)?.quantity;
}

beforeAll(async () => {
  server = await createTestServer();
  who.admin = await server.login(ADMIN.login, ADMIN.password);
  for (const login of ['principal', 'sales', 'teacher']) who[login] = await server.login(login, DEMO_PASSWORD);
  cy = (await server.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => server?.close());

describe('asset stock', () => {
  it('lists each campus of the caller with its demo opening stock, and only to holders of an asset screen', async () => {
    const page = await ok(get<Page<AssetStockRow>>('principal', 'asset_stock_page', { rows: 100 }));
    expect(page.totalSize).toBeGreaterThan(0);
    const codes = await server.db.selectFrom('organisations').select(['id', 'code']).where('id', 'in', [...new Set(page.content.map((r) => r.school_id))]).execute();
    expect(new Set(codes.map((c) => c.code))).toEqual(new Set(['BJ-CY', 'BJ-HD']));
    expect(page.content.every((r) => r.quantity >= 0 && r.school_name)).toBe(true);
    expect((await get('teacher', 'asset_stock_page', {})).body.code).toBe(403);
    expect((await get('principal', 'asset_stock_page', { sort: 'nonsense' })).body.code).toBe(400);
  });

  it('adds an approved stock-in and takes an approved requisition away; a refused or recalled one moves nothing', async () => {
    const item = `测试幕布${Date.now() % 100000}`;
    const inId = await apply('asset_stock_in', item, 5);
    expect(await stock(item)).toBeUndefined();
    expect((await approve(inId)).body.code).toBe(200);
    expect(await stock(item)).toBe(5);
    const take = await apply('asset_requisition', item, 3);
    expect((await approve(take)).body.code).toBe(200);
    expect(await stock(item)).toBe(2);
    const refused = await apply('asset_requisition', item, 1);
    const d = await ok(get<InstanceDetail>('principal', 'instance_step_current', { instance_id: refused }));
    expect((await post('principal', 'run', { task_id: d.my_task?.id, action: 'refuse', comment: '不需要' })).body.code).toBe(200);
    expect(await stock(item)).toBe(2);
    const moves = await server.db.selectFrom('wf_asset_move').select(['delta', 'quantity_after', 'instance_id']).where('item', '=', item).orderBy('id').execute();
    expect(moves).toEqual([
      { delta: 5, quantity_after: 5, instance_id: inId },
      { delta: -3, quantity_after: 2, instance_id: take },
    ]);
  });

  it('refuses the approval of a take beyond the stock with nothing written, and keeps the task open', async () => {
    const item = `测试音箱${Date.now() % 100000}`;
    expect((await approve(await apply('asset_stock_in', item, 2))).body.code).toBe(200);
    // 资产报废: the principal, then the head office; the head office's is the last approval
    const big = await apply('asset_scrap', item, 3);
    expect((await approve(big)).body.code).toBe(200);
    const res = await approve(big, 'admin');
    expect(res.body).toMatchObject({ code: 409, msg: `库存不足：${item} 现有 2，需要 3` });
    expect(await stock(item)).toBe(2);
    const d = await ok(get<InstanceDetail>('admin', 'instance_step_current', { instance_id: big }));
    expect(d.my_task).toBeTruthy();
    expect(d.instance.state).toBe(1);
    const unknown = await apply('asset_requisition', `没有的物品${Date.now() % 100000}`, 1);
    expect((await approve(unknown)).body).toMatchObject({ code: 409, msg: expect.stringContaining('现有 0') });
  });

  it('two approvals racing for the last items: one wins, the stock ends at zero, never below', async () => {
    const item = `测试点读笔${Date.now() % 100000}`;
    expect((await approve(await apply('asset_stock_in', item, 2))).body.code).toBe(200);
    const a = await apply('asset_requisition', item, 2);
    const b = await apply('asset_requisition', item, 2);
    const answers = await Promise.all([approve(a), approve(b)]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([200, 409]);
    expect(await stock(item)).toBe(0);
  });

  it('refuses a quantity that is not a positive whole number at submission, and starts nothing', async () => {
    const item = `测试白板${Date.now() % 100000}`;
    const count = async () => Number((await server.db.selectFrom('wf_instance').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const tag of ['asset_stock_in', 'asset_requisition', 'asset_scrap']) {
      for (const quantity of [0, -2, 1.5]) {
        expect((await post('sales', 'create_instance', { tag, school_id: cy, form: { item, quantity, reason: '测试' } })).body).toMatchObject({ code: 400, msg: '数量必须是正整数' });
      }
    }
    expect(await count()).toBe(before);
    expect(await stock(item)).toBeUndefined();
  });

  it('still refuses such a quantity at the approval (an application stored before the check)', async () => {
    const item = `测试白板${Date.now() % 100000}b`;
    const half = await apply('asset_stock_in', item, 1);
    const row = await server.db.selectFrom('wf_instance').select('form').where('id', '=', half).executeTakeFirstOrThrow();
    await server.db.updateTable('wf_instance').set({ form: JSON.stringify({ ...JSON.parse(row.form), quantity: 1.5 }) }).where('id', '=', half).execute();
    expect((await approve(half)).body).toMatchObject({ code: 400, msg: '数量必须是正整数' });
    expect(await stock(item)).toBeUndefined();
  });

  it('维修入库: an approved repair goes back into stock once; a second one of the same repair is refused', async () => {
    const item = `测试投影仪${Date.now() % 100000}`;
    const repair = await ok(post<{ instance_id: number }>('sales', 'create_instance', { tag: 'repair', school_id: cy, form: { location: '101 教室', item, urgency: '一般', description: '不亮' } }));
    const rukuForm = { item, quantity: 1, supplier: '维修返还', reason: '维修完成', repair_instance_id: repair.instance_id };
    // not approved yet: refused
    expect((await post('sales', 'create_instance', { tag: 'asset_stock_in', school_id: cy, form: rukuForm })).body).toMatchObject({ code: 409, msg: '只有已通过的报修申请可以维修入库' });
    expect((await approve(repair.instance_id)).body.code).toBe(200);
    const first = await ok(post<{ instance_id: number }>('sales', 'create_instance', { tag: 'asset_stock_in', school_id: cy, form: rukuForm }));
    // while the first runs, and once it is approved, a second is refused
    expect((await post('sales', 'create_instance', { tag: 'asset_stock_in', school_id: cy, form: rukuForm })).body).toMatchObject({ code: 409, msg: `报修申请 ${repair.instance_id} 已维修入库（资产入库 ${first.instance_id}），不能重复入库` });
    expect((await approve(first.instance_id)).body.code).toBe(200);
    expect(await stock(item)).toBe(1);
    expect((await post('sales', 'create_instance', { tag: 'asset_stock_in', school_id: cy, form: { ...rukuForm, repair_instance_id: String(repair.instance_id) } })).body.code).toBe(409);
    // a second that slipped in before the check (stored form) is refused at its approval
    const other = await apply('asset_stock_in', item, 1);
    const row = await server.db.selectFrom('wf_instance').select('form').where('id', '=', other).executeTakeFirstOrThrow();
    await server.db.updateTable('wf_instance').set({ form: JSON.stringify({ ...JSON.parse(row.form), repair_instance_id: repair.instance_id }) }).where('id', '=', other).execute();
    expect((await approve(other)).body.code).toBe(409);
    expect(await stock(item)).toBe(1);
  });
});
