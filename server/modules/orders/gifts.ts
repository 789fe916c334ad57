import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { listOrder } from '../../lib/list-order';
import { getStudentReturnCall, giftOldPageCall, giveGiftCall, updateGiftReturnCall, type GiftRow } from '../../../src/contract/orders-extras';
import { GIFT_SOURCE, GIFT_STATES, studentGiftResource } from '../../../src/contract/resources/orders-extras';
import { GIFT_STUDENT_VIEWS, type GiftStudentView } from '../../../src/contract/gift-views';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { ApiError } from '../../lib/http';
import { inScope, whereInScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { formatYuan } from '../../../src/lib/format/money';
import { studentInScope, studentInView } from '../students';
import { onStudent } from './on-student';
import './schema';

type Db = Kysely<Database>;

const PENDING = 1;
const GIVEN = 2;
const RETURNED = 3;
const stateText = (s: number) => GIFT_STATES.find((o) => o.value === s)?.text ?? String(s);

function giftQuery(db: Db) {
  return db
    .selectFrom('order_student_gift as g')
    .leftJoin('student as s', 's.id', 'g.student_id')
    .select(['g.id', 'g.school_id', 'g.student_id', 's.name as student_name', 'g.order_id', 'g.gift_name', 'g.quantity', 'g.list_price', 'g.state', 'g.given_at', 'g.returned_at', 'g.return_charge', 'g.return_note'])
    .where('g.del_flag', '=', 0);
}

function toGift(r: Record<string, unknown>): GiftRow {
  return {
    id: Number(r.id),
    school_id: Number(r.school_id),
    student_id: Number(r.student_id),
    student_name: (r.student_name as string | null) ?? null,
    order_id: r.order_id === null || r.order_id === undefined ? null : Number(r.order_id),
    gift_name: String(r.gift_name),
    quantity: Number(r.quantity),
    list_price: Number(r.list_price ?? 0),
    state: Number(r.state ?? PENDING),
    given_at: (r.given_at as string | null) ?? null,
    returned_at: (r.returned_at as string | null) ?? null,
    return_charge: r.return_charge === null || r.return_charge === undefined ? null : Number(r.return_charge),
    return_note: (r.return_note as string | null) ?? null,
  };
}

/** A live gift of the caller's campuses (another campus's answers as missing). */
async function giftInScope(db: Db, principal: Principal, id: number): Promise<GiftRow> {
  const row = await giftQuery(db).where('g.id', '=', id).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw new ApiError(404, '赠品不存在或无权访问');
  return toGift(row);
}

/** Gifts given and not returned: what a refund of the student deducts at list price. */
export async function giftsToReturn(db: Db, studentId: number): Promise<{ gifts: GiftRow[]; total: number }> {
  const rows = (await giftQuery(db).where('g.student_id', '=', studentId).where('g.state', '=', GIVEN).orderBy('g.id').execute()).map(toGift);
  return { gifts: rows, total: rows.reduce((s, g) => s + g.list_price * g.quantity, 0) };
}

export function registerGifts(app: Hono<AppEnv>): void {
  mountResource(app, studentGiftResource, {
    ...onStudent,
    // `view=old`: gifts of the students the students area calls 老学员 today (老学员赠品)
    extendPage(qb, query) {
      const view = query.view;
      if (view === undefined || view === '') return qb;
      if (!(GIFT_STUDENT_VIEWS as readonly string[]).includes(view)) throw new ApiError(400, '视图参数不正确');
      return qb.where(studentInView(view as GiftStudentView, 'order_student_gift.student_id'));
    },
    plannable: (query) => !query.view,
    async beforeWrite(ctx, row, mode, existing) {
      // 推荐赠品 is given by the order's 推荐赠品 (add_recommend_gift), which checks the order and the recommender
      const source = row.source === undefined ? undefined : Number(row.source);
      if (source === GIFT_SOURCE.recommend && Number(existing?.source) !== GIFT_SOURCE.recommend) throw new ApiError(400, '推荐赠品请在推荐学员的订单中添加');
      if (existing && Number(existing.source) === GIFT_SOURCE.recommend && source !== undefined && source !== GIFT_SOURCE.recommend) throw new ApiError(400, '推荐赠品不能改为其他来源');
      // A gift handed out or returned is a record of what happened: only its remark may change.
      if (mode === 'update' && existing && Number(existing.state) !== PENDING) {
        const changed = Object.keys(row).filter((k) => k !== 'remark' && k !== 'id' && row[k] !== undefined && String(row[k]) !== String(existing[k] ?? ''));
        if (changed.length > 0) throw new ApiError(409, `赠品「${String(existing.gift_name)}」${stateText(Number(existing.state))}，只能修改备注`);
      }
      await onStudent.beforeWrite?.(ctx, row, mode, existing);
    },
    async beforeDelete(ctx, ids) {
      const given = await ctx.db.selectFrom('order_student_gift').select('gift_name').where('id', 'in', ids).where('state', '<>', PENDING).executeTakeFirst();
      if (given) throw new ApiError(409, `赠品「${given.gift_name}」已发放，不能删除`);
    },
  });

  mountCall(app, giveGiftCall, async ({ db, principal, body }) => {
    const ids = [...new Set(body.ids)];
    for (const id of ids) {
      const gift = await giftInScope(db, principal, id);
      if (gift.state !== PENDING) throw new ApiError(409, `赠品「${gift.gift_name}」${stateText(gift.state)}，不能重复发放`);
    }
    const now = nowText();
    await db.updateTable('order_student_gift').set({ state: GIVEN, given_at: now, given_by_name: principal.name, updated_at: now, updated_by: principal.userId }).where('id', 'in', ids).where('state', '=', PENDING).execute();
    return { count: ids.length, ids };
  });

  mountCall(app, updateGiftReturnCall, async ({ db, principal, body }) => {
    const gift = await giftInScope(db, principal, body.id);
    if (gift.state !== GIVEN) throw new ApiError(409, `赠品「${gift.gift_name}」${stateText(gift.state)}，只有已发放的赠品可以登记退回`);
    const max = gift.list_price * gift.quantity;
    if (body.return_charge > max) throw new ApiError(400, `未退回扣款不能超过赠品原价合计 ${formatYuan(max)} 元`);
    const now = nowText();
    await db
      .updateTable('order_student_gift')
      .set({ state: RETURNED, returned_at: now, return_charge: body.return_charge, return_note: body.return_note ?? null, updated_at: now, updated_by: principal.userId })
      .where('id', '=', gift.id)
      .execute();
    return giftInScope(db, principal, gift.id);
  });

  mountCall(app, giftOldPageCall, async ({ db, principal, query }) => {
    let qb = giftQuery(db).where('g.state', 'in', [GIVEN, RETURNED]);
    qb = whereInScope(qb, 'g.school_id', principal);
    if (query.student_id !== undefined) qb = qb.where('g.student_id', '=', query.student_id);
    if (query.school_id !== undefined) qb = qb.where('g.school_id', '=', query.school_id);
    const total = await qb.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let sorted = qb;
    for (const [ref, dir] of listOrder(query.sort, { id: 'g.id', student_id: 'g.student_id', school_id: 'g.school_id' }, [['g.id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), dir);
    const rows = await sorted.limit(query.rows).offset((query.page - 1) * query.rows).execute();
    return { content: rows.map(toGift), totalSize: Number(total.n) };
  });

  mountCall(app, getStudentReturnCall, async ({ db, principal, query }) => {
    await studentInScope(db, principal, query.student_id);
    const { gifts, total } = await giftsToReturn(db, query.student_id);
    return { student_id: query.student_id, gifts, total_list_price: total };
  });
}
