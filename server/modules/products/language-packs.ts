import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { todayText } from '../../lib/time';
import { languagePackCityResource, languagePackResource } from '../../../src/contract/resources/products';
import { languagePackClassTypesCall, schoolClassTypesCall, type PackClassType, type PackTerms, type SchoolClassType } from '../../../src/contract/products';
import { cityNameOf } from './campus-city';
import { keepVersion, nextVersion } from './price-versions';
import './schema';

/** The columns whose change makes a new version of a pack's terms. */
const PACK_TERMS = ['price', 'hours', 'gift_hours', 'validity_days', 'class_type_ids'] as const;

/** `1,3,2,3` → [1, 2, 3]: the stored form of an id list is sorted and without repeats. */
export function idList(value: unknown): number[] {
  if (value === null || value === undefined || value === '') return [];
  return [...new Set(String(value).split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
}

/** A pack row's terms as sold (money in fen, whole hours). */
export function packTerms(row: Readonly<Record<string, unknown>>): PackTerms {
  return {
    language_pack_id: Number(row.id),
    name: String(row.name),
    price: Number(row.price),
    hours: Number(row.hours),
    gift_hours: Number(row.gift_hours ?? 0),
    validity_days: Number(row.validity_days),
    class_type_ids: idList(row.class_type_ids),
    version: Number(row.version ?? 1),
  };
}

/** Class type names by id, loaded once per request (a page of packs names a handful of class types). */
const requestNames = new WeakMap<object, Promise<Map<number, string>>>();
function namesOf(key: object): (db: Kysely<Database>) => Promise<Map<number, string>> {
  return (db) => {
    let names = requestNames.get(key);
    if (!names) {
      names = db
        .selectFrom('prod_class_type')
        .select(['id', 'name'])
        .execute()
        .then((rows) => new Map(rows.map((r) => [r.id, r.name])));
      requestNames.set(key, names);
    }
    return names;
  };
}

/** `1,3` → `少儿英语启蒙、自然拼读`: what the list shows of a pack's class types. */
async function classTypeNames(db: Kysely<Database>, ids: string | null, load?: (db: Kysely<Database>) => Promise<Map<number, string>>): Promise<string | null> {
  const list = idList(ids);
  if (list.length === 0) return null;
  const names = load ? await load(db) : new Map((await db.selectFrom('prod_class_type').select(['id', 'name']).where('id', 'in', list).execute()).map((r) => [r.id, r.name]));
  return list.map((id) => names.get(id) ?? `#${id}`).join('、');
}

/** The class types of a pack, in its order, flagged when no longer sold (deleted or hidden). */
export async function classTypesOfPack(db: Kysely<Database>, classTypeIds: readonly number[]): Promise<PackClassType[]> {
  if (classTypeIds.length === 0) return [];
  const rows = await db
    .selectFrom('prod_class_type')
    .select(['id', 'name', 'course_line', 'level', 'lesson_count', 'hours_per_lesson', 'billing_unit', 'visible', 'del_flag'])
    .where('id', 'in', [...classTypeIds])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return classTypeIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        class_type_id: r.id,
        class_type_name: r.name,
        course_line: r.course_line,
        level: r.level,
        lesson_count: r.lesson_count,
        hours_per_lesson: Number(r.hours_per_lesson),
        billing_unit: r.billing_unit,
        available: r.del_flag === 0 && r.visible === 1,
      },
    ];
  });
}

/**
 * The packs on sale at a campus on a day: 上架, not deleted, with a sale row for the campus whose
 * dates (when set) include the day. Ordered as the pack list.
 */
export async function packsOnSale(db: Kysely<Database>, schoolId: number, day: string): Promise<PackTerms[]> {
  const rows = await db
    .selectFrom('prod_language_pack as p')
    .innerJoin('prod_language_pack_city as s', 's.language_pack_id', 'p.id')
    .select(['p.id', 'p.name', 'p.price', 'p.hours', 'p.gift_hours', 'p.validity_days', 'p.class_type_ids', 'p.version'])
    .where('s.school_id', '=', schoolId)
    .where('p.del_flag', '=', 0)
    .where('p.visible', '=', 1)
    .where((eb) => eb.or([eb('s.start_date', 'is', null), eb('s.start_date', '<=', day)]))
    .where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>=', day)]))
    .orderBy('p.order_num')
    .orderBy('p.id')
    .execute();
  return rows.map(packTerms);
}

export function registerLanguagePacks(app: Hono<AppEnv>): void {
  mountResource(app, languagePackResource, {
    // the ids of class types and privileges are checked by the machinery (their option sources)
    async beforeWrite(ctx, row, _mode, existing) {
      for (const key of ['class_type_ids', 'privilege_ids'] as const) {
        if (row[key] === undefined) continue;
        const ids = idList(row[key]);
        row[key] = ids.length ? ids.join(',') : null;
      }
      if (row.class_type_ids === null) throw new ApiError(400, '请选择适用班型');
      if (row.class_type_ids !== undefined) row.class_type_names = await classTypeNames(ctx.db, String(row.class_type_ids));
      row.version = nextVersion(existing, row, PACK_TERMS);
    },
    async afterWrite(ctx, saved) {
      await keepVersion(ctx.db, 'language_pack', saved.id, Number(saved.version), packTerms(saved), ctx.principal.userId);
    },
    async mapRow(row, ctx) {
      return { ...row, class_type_names: await classTypeNames(ctx.db, row.class_type_ids as string | null, namesOf(ctx.c)) };
    },
    beforeAction(_ctx, action, rows, value) {
      if (action.name !== 'visible' || Number(value) !== 1) return;
      const bare = rows.find((r) => idList(r.class_type_ids).length === 0);
      if (bare) throw new ApiError(400, `课程包「${String(bare.name)}」未设置适用班型，不能上架`);
    },
  });

  mountResource(app, languagePackCityResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const packId = Number(row.language_pack_id ?? existing?.language_pack_id);
      const schoolId = Number(row.school_id ?? existing?.school_id);
      const start = String(row.start_date ?? existing?.start_date ?? '');
      const end = String(row.end_date ?? existing?.end_date ?? '');
      if (start && end && end < start) throw new ApiError(400, '停售日期不能早于开售日期');
      let same = ctx.db.selectFrom('prod_language_pack_city').select('id').where('language_pack_id', '=', packId).where('school_id', '=', schoolId);
      if (existing) same = same.where('id', '<>', existing.id);
      if (await same.executeTakeFirst()) throw new ApiError(409, '该课程包在这个校区已设置销售，请直接编辑');
      if (row.school_id !== undefined || !existing) row.city_name = await cityNameOf(ctx.db, schoolId);
    },
  });

  mountCall(app, languagePackClassTypesCall, async ({ db, query }) => {
    const pack = await db.selectFrom('prod_language_pack').select(['id', 'class_type_ids']).where('id', '=', query.language_pack_id).where('del_flag', '=', 0).executeTakeFirst();
    if (!pack) throw notFound();
    return classTypesOfPack(db, idList(pack.class_type_ids));
  });

  mountCall(app, schoolClassTypesCall, async ({ db, query, assertSchool }) => {
    assertSchool(query.school_id);
    const packs = await packsOnSale(db, query.school_id, query.date ?? todayText());
    const typeIds = [...new Set(packs.flatMap((p) => p.class_type_ids))];
    const types = (await classTypesOfPack(db, typeIds)).filter((t) => t.available);
    const order = await db.selectFrom('prod_class_type').select(['id', 'order_num']).where('id', 'in', types.length ? types.map((t) => t.class_type_id) : [0]).execute();
    const rank = new Map(order.map((r) => [r.id, Number(r.order_num ?? 0)]));
    types.sort((a, b) => (rank.get(a.class_type_id) ?? 0) - (rank.get(b.class_type_id) ?? 0) || a.class_type_id - b.class_type_id);
    return types.map(
      (t): SchoolClassType => ({
        class_type_id: t.class_type_id,
        class_type_name: t.class_type_name,
        course_line: t.course_line,
        level: t.level,
        billing_unit: t.billing_unit,
        language_packs: packs.filter((p) => p.class_type_ids.includes(t.class_type_id)),
      }),
    );
  });
}
