import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { AppEnv, Principal } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import { mountCall, mountWrite } from '../../../lib/call-routes';
import { ApiError, notFound, ok } from '../../../lib/http';
import { hashToken, newToken } from '../../../lib/sessions';
import { nowText } from '../../../lib/time';
import { countOf } from '../../../db/dialect';
import { listOrder } from '../../../lib/list-order';
import { parseJson } from '../../../lib/validate';
import { assertPerm } from '../../../lib/auth';
import { requireInScope, STAFF, whereInScope } from '../../../lib/scope';
import { SECRET_SET } from '../../../lib/audit';
import { forgetDevices } from '../../../lib/device-auth';
import { DEVICE_CREDENTIAL_DAYS, DEVICE_PERMS, devicePageCall, deviceRegisterCall, deviceRenameCall, deviceRevokeCall, deviceUserPinCall, userPinSchema, type DeviceRow } from '../../../../src/contract/device';
import { setPin } from './pin';

type Db = Kysely<Database>;

function deviceRows(db: Db, principal: Principal) {
  const q = db
    .selectFrom('front_desk_device as d')
    .leftJoin('organisations as o', 'o.id', 'd.school_id')
    .leftJoin('users as r', 'r.id', 'd.registered_by')
    .leftJoin('users as v', 'v.id', 'd.revoked_by')
    .select([
      'd.id',
      'd.name',
      'd.school_id',
      'o.name as school_name',
      'd.registered_by',
      'r.name as registered_by_name',
      'd.registered_at',
      'd.last_seen_ms',
      'd.state',
      'd.revoked_at',
      'v.name as revoked_by_name',
    ]);
  return whereInScope(q, 'd.school_id', principal);
}

async function deviceInScope(db: Db, principal: Principal, id: number): Promise<DeviceRow> {
  const row = await deviceRows(db, principal).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** 系统管理 › 设备管理: register (from the tablet), list, rename, revoke; staff PINs set by an administrator. */
export function registerDeviceAdmin(app: Hono<AppEnv>): void {
  mountCall(app, deviceRegisterCall, async ({ c, body, assertSchool }) => {
    const db = c.var.db;
    const p = c.var.principal;
    if (p.device) throw new ApiError(403, '前台设备不能再登记设备');
    const school = await db.selectFrom('organisations').select(['id', 'name']).where('id', '=', body.school_id).where('kind', '=', 'school').where('del_flag', '=', 0).executeTakeFirst();
    if (!school) throw new ApiError(400, '请选择校区');
    assertSchool(school.id);
    // The credential is answered once; only its hash is kept (as for sessions).
    const token = newToken();
    const now = Date.now();
    const expiresMs = now + DEVICE_CREDENTIAL_DAYS * 86_400_000;
    const row = await db
      .insertInto('front_desk_device')
      .values({ name: body.name, school_id: school.id, secret_hash: hashToken(token), registered_by: p.userId, registered_at: nowText(now), expires_ms: expiresMs, last_seen_ms: null, state: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name: body.name, school_id: school.id, school_name: school.name, token, expires_ms: expiresMs, server_now_ms: now };
  });

  mountCall(app, devicePageCall, async ({ c, query }) => {
    let base = whereInScope(c.var.db.selectFrom('front_desk_device as d'), 'd.school_id', c.var.principal);
    if (query.state !== undefined) base = base.where('d.state', '=', query.state);
    if (query.school_id) base = base.where('d.school_id', '=', query.school_id);
    const totalSize = await countOf(base.select('d.id'));
    let rows = deviceRows(c.var.db, c.var.principal);
    if (query.state !== undefined) rows = rows.where('d.state', '=', query.state);
    if (query.school_id) rows = rows.where('d.school_id', '=', query.school_id);
    for (const [ref, dir] of listOrder(query.sort, { id: 'd.id', name: 'd.name', state: 'd.state', school_id: 'd.school_id', last_seen_ms: 'd.last_seen_ms' }, [['d.state', 'desc'], ['d.id', 'desc']])) rows = rows.orderBy(sql.ref(ref), dir);
    const content = await rows
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    return { content, totalSize };
  });

  mountCall(app, deviceRenameCall, async ({ c, body }) => {
    await deviceInScope(c.var.db, c.var.principal, body.id);
    await c.var.db.updateTable('front_desk_device').set({ name: body.name }).where('id', '=', body.id).execute();
    forgetDevices();
    return deviceInScope(c.var.db, c.var.principal, body.id);
  });

  mountCall(app, deviceRevokeCall, async ({ c, body }) => {
    const row = await deviceInScope(c.var.db, c.var.principal, body.id);
    if (row.state === 1) {
      await c.var.db
        .updateTable('front_desk_device')
        .set({ state: 0, revoked_at: nowText(), revoked_by: c.var.principal.userId })
        .where('id', '=', body.id)
        .execute();
    }
    // Every write of the device is refused at once in every worker process (device-auth.ts reads the
    // state for each write); this process forgets its cached reads too, other processes within seconds.
    forgetDevices();
    return deviceInScope(c.var.db, c.var.principal, body.id);
  });

  // By hand, not mountCall: the machinery would write the PIN itself into the audit log.
  mountWrite(app, `/${deviceUserPinCall.path}`, { area: 'system', title: deviceUserPinCall.title, table: 'user_pin' }, async (c, log) => {
    const p = c.var.principal;
    assertPerm(p, DEVICE_PERMS.pin);
    const body = await parseJson(c, userPinSchema, deviceUserPinCall.labels);
    await requireInScope(c.var.db, p, STAFF, body.user_id, '员工');
    await setPin(c.var.db, body.user_id, body.pin);
    await log([{ id: body.user_id, before: null, after: { pin: SECRET_SET } }]);
    return ok(c, { user_id: body.user_id });
  });
}
