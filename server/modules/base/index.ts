import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { districtResource, organResource, subCompanyResource, userDetailResource } from '../../../src/contract/resources/base-org';
import type { giftResource } from '../../../src/contract/resources/base-catalogue';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountResource } from '../../lib/resource-routes';
import { withLoginId } from '../../lib/resource-refs';
import '../../db/core-schema';
import * as feedback from './feedback';
import { registerSchools } from './schools';
import type { Database, DeclaredTable } from '../../db/schema';
import { nowText } from '../../lib/time';

declare module '../../db/schema' {
  interface Database {
    base_user_detail: DeclaredTable<typeof userDetailResource>;
    base_gift: DeclaredTable<typeof giftResource>;
  }
}

/**
 * A new staff member's file (员工档案, one per user), empty until HR fills it in, so every account
 * made in 用户管理 appears in 员工档案 and the file is edited rather than added by hand.
 */
export async function createStaffFile(db: Kysely<Database>, userId: number, by: number): Promise<void> {
  const now = nowText();
  await db
    .insertInto('base_user_detail')
    .values({ user_id: userId, template_id: null, id_card: null, entry_date: null, education: null, emergency_contact: null, emergency_phone: null, remark: null, created_at: now, updated_at: now, created_by: by, updated_by: by })
    .execute();
}

/** A live gift of the catalogue 签约赠品 (the points mall sells them), or undefined. */
export async function catalogueGift(db: Kysely<Database>, id: number): Promise<{ id: number; name: string; price: number; state: number } | undefined> {
  const row = await db.selectFrom('base_gift').select(['id', 'name', 'price', 'state']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  return row ? { id: Number(row.id), name: String(row.name), price: Number(row.price ?? 0), state: Number(row.state ?? 0) } : undefined;
}

/** The base area (spec calls.tsv `base`): the operator's structure and user feedback. Its public module. */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  feedback.register(app, deps);
  // Districts and organs are trees (server/lib/resource-tree.ts keeps their rules); a district an
  // organ or a sub company names, and an organ a sub company names, are not deleted (declared refs).
  mountResource(app, districtResource);
  mountResource(app, organResource);
  // sub companies and staff files: plain declarations (their relations are declared refs)
  mountResource(app, subCompanyResource);
  // the user's name is the declared ref's label (user_name); the list also shows the account
  mountResource(app, userDetailResource, { extendPage: withLoginId('base_user_detail') });
  // campus files with their own rules and reads; their sub-entities, limits, on-sale rows, gifts,
  // channels and protocol types are plain declarations the app mounts as declared
  registerSchools(app);
}
