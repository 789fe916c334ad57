import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestServer, DEMO_PASSWORD, type TestServer } from './helpers';
import { loadMenuSeeds } from '../../server/db/seed';
import type { MenuSeed } from '../../src/contract/menu-seed';
import { up as revokeStrayLeadButtons } from '../../server/db/migrations/0750_lead_button_grants';
import type { MenuRouteTag, TreeNode } from '../../src/contract/menu';

/** Buttons declared to a role that does not hold their screen, as `screen > button: roles`. */
function buttonsBeyondTheirScreen(nodes: readonly MenuSeed[], inherited: readonly string[], screen?: { name: string; grants: readonly string[] }): string[] {
  return nodes.flatMap((m) => {
    const own = m.grants ?? inherited;
    const extra = m.type === 2 && screen ? own.filter((g) => !screen.grants.includes(g)) : [];
    const here = extra.length ? [`${screen?.name} > ${m.name}: ${extra.join(',')}`] : [];
    return [...here, ...buttonsBeyondTheirScreen(m.children ?? [], own, m.type === 1 ? { name: m.name, grants: own } : screen)];
  });
}

function texts(nodes: readonly TreeNode<MenuRouteTag>[]): string[] {
  return nodes.flatMap((n) => [n.text, ...texts(n.nodes ?? [])]);
}

describe('a button goes only to the roles that hold its screen', () => {
  // The sidebar shows the screen of every granted button: a wider button grant hands out the screen.
  it('in every area’s menu declarations', async () => {
    expect(buttonsBeyondTheirScreen(await loadMenuSeeds(), [])).toEqual([]);
  });

  describe('lead screens of a database seeded before (migration 0750)', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await createTestServer();
    });
    afterAll(() => s.close());

    const roleId = async (code: string) => (await s.db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const screenId = async (code: string) => (await s.db.selectFrom('menus').select('id').where('code', '=', code).where('type', '=', 1).executeTakeFirstOrThrow()).id;
    const buttonsOf = async (screenCode: string) => (await s.db.selectFrom('menus').select('id').where('parent', '=', await screenId(screenCode)).where('type', '=', 2).execute()).map((b) => b.id);
    const grantedOf = async (role: string, menuIds: readonly number[]) =>
      (await s.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', await roleId(role)).where('menu_id', 'in', [...menuIds]).execute()).length;
    const sidebar = async (login: string) => {
      const { headers } = await s.login(login, DEMO_PASSWORD);
      return texts((await s.call<TreeNode<MenuRouteTag>[]>('GET', '/api/v1/system/sidebar', { headers, query: { type: 0 } })).body.data);
    };

    it('sellers and telemarketers lose the buttons (and so the screens) made for others, and keep their own', async () => {
      // what the old seed granted: every lead button to the principal, telemarketers and sellers
      const stray: [string, string][] = [
        ['sales', 'marketing_telemarketer_to_be_assigned'],
        ['telemarketer', 'marketing_telemarketer_to_be_assigned'],
        ['sales', 'marketing_telemarketer_assigned'],
        ['telemarketer', 'marketing_existing_students'],
      ];
      for (const [role, screenCode] of stray) {
        const rid = await roleId(role);
        for (const menuId of await buttonsOf(screenCode)) await s.db.insertInto('role_menus').values({ role_id: rid, menu_id: menuId }).execute();
      }
      expect(await sidebar('sales')).toEqual(expect.arrayContaining(['电销待分配', '电销已分配']));
      expect(await sidebar('telemarketer')).toEqual(expect.arrayContaining(['电销待分配', '已有学员']));
      const principalBefore = await grantedOf('principal', await buttonsOf('marketing_telemarketer_to_be_assigned'));
      const salesOnResources = await grantedOf('sales', await buttonsOf('marketing_resource'));
      expect(principalBefore).toBeGreaterThan(0);
      expect(salesOnResources).toBeGreaterThan(0);

      // migrations are written against no schema type (they see the tables as they were then)
      await revokeStrayLeadButtons(s.db as unknown as Kysely<unknown>);

      for (const [role, screenCode] of stray) expect(await grantedOf(role, await buttonsOf(screenCode))).toBe(0);
      const sales = await sidebar('sales');
      expect(sales).not.toContain('电销待分配');
      expect(sales).not.toContain('电销已分配');
      expect(sales).toEqual(expect.arrayContaining(['资源管理', '已有学员']));
      const telemarketer = await sidebar('telemarketer');
      expect(telemarketer).not.toContain('电销待分配');
      expect(telemarketer).not.toContain('已有学员');
      expect(telemarketer).toEqual(expect.arrayContaining(['资源管理', '电销已分配']));
      expect(await grantedOf('principal', await buttonsOf('marketing_telemarketer_to_be_assigned'))).toBe(principalBefore);
      expect(await grantedOf('sales', await buttonsOf('marketing_resource'))).toBe(salesOnResources);
      expect(await grantedOf('telemarketer', await buttonsOf('marketing_telemarketer_assigned'))).toBeGreaterThan(0);
    });
  });
});
