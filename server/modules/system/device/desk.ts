import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { mountCall, mountWrite } from '../../../lib/call-routes';
import { SECRET_SET } from '../../../lib/audit';
import { ApiError, notFound, ok } from '../../../lib/http';
import { parseJson } from '../../../lib/validate';
import { noTransaction } from '../../../lib/tx';
import { FRONT_DESK_PERM, issueOperatorToken, mayOperate } from '../../../lib/device-auth';
import { loadAccess } from '../../../lib/principal';
import { studentCardToken } from '../../../lib/student-card';
import { deviceMeCall, deviceStaffCall, deviceSwitchCall, myPinCall, myPinStateCall, studentCardsCall, myPinSchema, userPinSchema, type DeviceStaff } from '../../../../src/contract/device';
import { pinState, setPin, tryPin } from './pin';

const NOT_A_DEVICE = '仅前台设备可以切换员工';

/** The tablet's own calls (who it is, who may switch in, switching) and the staff's PIN. */
export function registerDesk(app: Hono<AppEnv>, deps: AppDeps): void {
  mountCall(app, deviceMeCall, async ({ c }) => {
    const d = c.var.principal.device;
    if (!d) return { device: null, operator: null };
    const school = await c.var.db.selectFrom('organisations').select('name').where('id', '=', d.schoolId).executeTakeFirst();
    const p = c.var.principal;
    return { device: { id: d.id, name: d.name, school_id: d.schoolId, school_name: school?.name ?? null }, operator: p.userId ? { user_id: p.userId, name: p.name } : null };
  });

  // Staff of the device's campus who hold the front desk and have set a PIN (a person's session gets none).
  mountCall(app, deviceStaffCall, async ({ c }) => {
    const d = c.var.principal.device;
    if (!d) return [];
    const rows = await c.var.db
      .selectFrom('user_pin as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.id', 'u.name', 'u.login_id'])
      .where('u.state', '=', 1)
      .where('u.del_flag', '=', 0)
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(500)
      .execute();
    const out: DeviceStaff[] = [];
    for (const r of rows) {
      const access = await loadAccess(c.var.db, r.id);
      const reaches = access.allSchools || access.schoolIds.includes(d.schoolId);
      if (reaches && (access.superuser || access.perms.has(FRONT_DESK_PERM))) out.push(r);
    }
    return out;
  });

  // By hand: counted outside the request transaction (a wrong PIN must count although the answer
  // is a failure), and never through the machinery that writes a write's input to the audit log.
  // A switch is the person's sign-in on the tablet: logged as a sign-in is (who, on which device), a
  // refused PIN is not (it is counted on the PIN).
  const switchPath = `/${deviceSwitchCall.path}`;
  noTransaction(switchPath);
  mountWrite(app, switchPath, { area: 'system', title: deviceSwitchCall.title, table: 'users' }, async (c, log) => {
    const body = await parseJson(c, userPinSchema, deviceSwitchCall.labels);
    const d = c.var.principal.device;
    if (!d) throw new ApiError(403, NOT_A_DEVICE);
    const db = deps.db;
    const person = await mayOperate(db, body.user_id, d.schoolId);
    if (!person) throw new ApiError(403, '该员工不能在本设备签到');
    const outcome = await tryPin(db, body.user_id, body.pin);
    if (outcome === 'none') throw new ApiError(400, '该员工还没有设置 PIN');
    if (outcome === 'locked') throw new ApiError(403, 'PIN 输错次数过多已锁定，请在个人设置中重新设置 PIN 或联系管理员');
    if (outcome === 'busy') throw new ApiError(429, '尝试过于频繁，请稍后再试');
    if (outcome === 'wrong') throw new ApiError(400, 'PIN 不正确');
    const issued = await issueOperatorToken(db, d.id, body.user_id);
    await log([{ id: body.user_id, before: null, after: { device_id: d.id, device_name: d.name } }], { who: { userId: body.user_id, name: person.name } });
    return ok(c, { user_id: body.user_id, name: person.name, token: issued.token, expires_ms: issued.expiresMs });
  });

  // By hand as well: the PIN must not reach the audit log (only that it was set).
  mountWrite(app, `/${myPinCall.path}`, { area: 'system', title: myPinCall.title, table: 'user_pin' }, async (c, log) => {
    const body = await parseJson(c, myPinSchema, myPinCall.labels);
    const p = c.var.principal;
    await setPin(c.var.db, p.userId, body.pin);
    await log([{ id: p.userId, before: null, after: { pin: SECRET_SET } }]);
    return ok(c, { has_pin: true as const });
  });
  mountCall(app, myPinStateCall, async ({ c }) => (c.var.principal.device ? { has_pin: false, locked: false } : pinState(c.var.db, c.var.principal.userId)));

  mountCall(app, studentCardsCall, async ({ c, query, assertSchool }) => {
    const db = c.var.db;
    const cls = await db.selectFrom('base_class_manage').select(['id', 'school_id']).where('id', '=', query.class_id).executeTakeFirst();
    if (!cls) throw notFound();
    assertSchool(cls.school_id);
    const students = await db
      .selectFrom('stu_class as sc')
      .innerJoin('student as st', 'st.id', 'sc.student_id')
      .select(['st.id', 'st.name'])
      .where('sc.class_id', '=', cls.id)
      .where('sc.state', '=', 1)
      .orderBy('st.name')
      .execute();
    const out = [];
    for (const s of students) out.push({ student_id: s.id, name: s.name, token: await studentCardToken(db, s.id) });
    return out;
  });
}
