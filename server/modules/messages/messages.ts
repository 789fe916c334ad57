import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { idListSchema } from '../../../src/contract/resource';
import { PAGE_LABELS, pageQuerySchema } from '../../../src/contract/paging';
import type { AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import { notFound, ok } from '../../lib/http';
import { check, formObject, readJson } from '../../lib/validate';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import { nowText } from '../../lib/time';
import { NOTICE_STATES } from './tables';
import { postRead } from '../../lib/tx';
import { listOrder } from '../../lib/list-order';
import { mountWrite } from '../../lib/call-routes';
import { diffRow } from '../../lib/audit';

/**
 * The signed-in user's own messages. Personal: no operation code; another user's message answers
 * as missing. A message of a notice that went offline (or was deleted) is hidden.
 */

const idArray = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z
    .array(z.coerce.number({ error: '消息 id 必须是数字' }).int('消息 id 必须是整数').positive('消息 id 必须是正整数'), { error: '请提供消息 id 列表' })
    .min(1, '请至少选择一条消息')
    .max(10000, '一次最多操作 10000 条消息'),
);
const readSchema = z.object({ msg_id: idArray });
const markSchema = z.object({ ids: idArray, mark_type: z.enum(['mark', 'cancel'], { error: '标记类型只能是 mark 或 cancel' }) });

const pageSchema = pageQuerySchema.extend({
  read_status: z.enum(['0', '1', ''], { error: '阅读状态只能是 0 或 1' }).optional(),
  is_flag: z.enum(['0', '1', ''], { error: '标记状态只能是 0 或 1' }).optional(),
  message_title: z.string().trim().max(128).optional(),
});

/** Fields as the bell and the message screen read them (spec doc 000 §3). */
function visible(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('sys_user_message as m')
    .leftJoin('sys_notice as n', 'n.id', 'm.notice_id')
    .select([
      'm.id as message_id',
      'm.title as message_title',
      'm.header as message_Header',
      'm.content as message_content',
      'm.message_time',
      'm.publisher',
      'm.read_status',
      'm.is_flag',
      'm.is_top',
      'm.notice_id',
    ])
    .where('m.user_id', '=', userId)
    .where('m.del_flag', '=', 0)
    .where((eb) => eb.or([eb('m.notice_id', 'is', null), eb.and([eb('n.state', '=', NOTICE_STATES.PUBLISHED), eb('n.del_flag', '=', 0)])]));
}

async function assertOwn(db: Kysely<Database>, userId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await visible(db, userId).where('m.id', 'in', unique).execute();
  if (found.length !== unique.length) throw notFound();
}

export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  return countOf(visible(db, userId).where('m.read_status', '=', 0));
}

export function registerMessages(app: Hono<AppEnv>): void {
  postRead(app, '/api/v1/user_message/page', async (c) => {
    const q = check(pageSchema, await formObject(c), { ...PAGE_LABELS, read_status: '阅读状态', is_flag: '标记状态' });
    let qb = visible(c.var.db, c.var.principal.userId);
    if (q.read_status) qb = qb.where('m.read_status', '=', Number(q.read_status));
    if (q.is_flag) qb = qb.where('m.is_flag', '=', Number(q.is_flag));
    if (q.message_title) qb = qb.where(likeInsensitive(sql.ref('m.title'), likePattern(q.message_title)));
    const totalSize = await countOf(qb);
    let sorted = qb;
    const order = listOrder(q.sort, { message_time: 'm.message_time', read_status: 'm.read_status', is_flag: 'm.is_flag', id: 'm.id' }, [['m.is_top', 'desc'], ['m.message_time', 'desc'], ['m.id', 'desc']]);
    for (const [ref, dir] of order) sorted = sorted.orderBy(sql.ref(ref), dir);
    const content = await sorted
      .limit(q.rows)
      .offset((q.page - 1) * q.rows)
      .execute();
    return ok(c, { content, totalSize });
  });

  const write = (title: string) => ({ area: 'messages', title, table: 'sys_user_message' });
  mountWrite(app, '/api/v1/user_message/read', write('阅读消息'), async (c, log) => {
    const { msg_id } = check(readSchema, await readJson(c), { msg_id: '消息' });
    const uid = c.var.principal.userId;
    await assertOwn(c.var.db, uid, msg_id);
    const read = await c.var.db
      .updateTable('sys_user_message')
      .set({ read_status: 1, read_time: nowText() })
      .where('user_id', '=', uid)
      .where('id', 'in', [...new Set(msg_id)])
      .where('read_status', '=', 0)
      .returning('id')
      .execute();
    // the messages this call marked read (one read before stays as it was)
    await log(read.map((m) => diffRow(m.id, { read_status: 0 }, { read_status: 1 })));
    return ok(c, { unread: await unreadCount(c.var.db, uid) });
  });

  mountWrite(app, '/api/v1/user_message/mark', write('标记消息'), async (c, log) => {
    const { ids, mark_type } = check(markSchema, await readJson(c), { ids: '消息', mark_type: '标记类型' });
    const uid = c.var.principal.userId;
    await assertOwn(c.var.db, uid, ids);
    const flag = mark_type === 'mark' ? 1 : 0;
    const changed = await c.var.db
      .updateTable('sys_user_message')
      .set({ is_flag: flag })
      .where('user_id', '=', uid)
      .where('id', 'in', [...new Set(ids)])
      .where('is_flag', '!=', flag)
      .returning('id')
      .execute();
    await log(changed.map((m) => diffRow(m.id, { is_flag: 1 - flag }, { is_flag: flag })));
    return ok(c, { count: new Set(ids).size });
  });

  mountWrite(app, '/api/v1/user_message/delete', write('删除消息'), async (c, log) => {
    const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
    const uid = c.var.principal.userId;
    await assertOwn(c.var.db, uid, ids);
    await c.var.db.updateTable('sys_user_message').set({ del_flag: 1 }).where('user_id', '=', uid).where('id', 'in', ids).execute();
    await log(ids.map((id) => diffRow(id, { del_flag: 0 }, { del_flag: 1 })));
    return ok(c, { count: ids.length });
  });

  // The bell: unread count and the latest messages, pinned ones first.
  app.get('/api/v1/user_message/top_all', async (c) => {
    const uid = c.var.principal.userId;
    const list = await visible(c.var.db, uid)
      .orderBy('m.is_top', 'desc')
      .orderBy('m.read_status', 'asc')
      .orderBy('m.message_time', 'desc')
      .orderBy('m.id', 'desc')
      .limit(10)
      .execute();
    return ok(c, { unread: await unreadCount(c.var.db, uid), list });
  });
}
