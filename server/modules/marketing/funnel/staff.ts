import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../../../lib/context';
import { listOrder } from '../../../lib/list-order';
import { likeInsensitive, likePattern } from '../../../db/dialect';
import { mountCall } from '../../../lib/call-routes';
import { schoolScope } from '../../../lib/scope';
import { staffPageCall } from '../../../../src/contract/marketing-funnel';

/** Staff of the caller's campuses by name, id and name only (the funnel's staff selects). */
export function registerStaff(app: Hono<AppEnv>): void {
  mountCall(app, staffPageCall, async ({ db, principal, query }) => {
    const scope = schoolScope(principal);
    let qb = db.selectFrom('users').where('del_flag', '=', 0);
    if (scope !== undefined) qb = qb.where('id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', scope.length ? [...scope] : [-1]));
    if (query.name) qb = qb.where(likeInsensitive('name', likePattern(query.name)));
    const total = await qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    let ordered = qb;
    for (const [ref, dir] of listOrder(query.sort, { name: 'name', id: 'id' }, [['name', 'asc'], ['id', 'asc']])) ordered = ordered.orderBy(sql.ref(ref), dir);
    const rows = await ordered
      .select(['id', 'name'])
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    return { content: rows.map((r) => ({ id: r.id, name: r.name })), totalSize: Number(total?.n ?? 0) };
  });
}
