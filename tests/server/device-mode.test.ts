import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_FORBIDDEN_MSG, DEVICE_NO_OPERATOR_MSG, DEVICE_REVOKED_MSG, type DeviceRow, type DeviceStaff, type RegisteredDevice, type StudentCard, type SwitchedOperator } from '../../src/contract/device';
import type { RosterSession } from '../../src/contract/classes';
import { OPERATOR_REFUSED_MSG } from '../../server/lib/device-auth';
import { classWithLessons, ok, setupWorld, today, type World } from './classes/fixture';
import type { Answer } from './helpers';

/**
 * Issue 11, front-desk device mode: the device credential reaches the front desk's calls only and
 * its one campus; a PIN switches person and is locked after 5 wrong tries, also when they arrive at
 * once; a check-in records the device and the person; a revoked device's queued writes are refused.
 */

let w: World;
let device: RegisteredDevice;
let lesson: { classId: number; studentIds: number[]; lessonIds: number[] };
const PIN = '482916';

function deviceHeaders(token: string, operator?: string): Record<string, string> {
  return operator ? { 'X-Device-Token': token, 'X-Device-Operator': operator } : { 'X-Device-Token': token };
}

async function register(name: string, school: number): Promise<RegisteredDevice> {
  return ok(w.server.call<RegisteredDevice>('POST', '/api/v1/device/register', { headers: w.admin.headers, json: { name, school_id: school } }));
}

async function switchTo(token: string, userId: number, pin: string): Promise<Answer<SwitchedOperator>> {
  return w.server.call<SwitchedOperator>('POST', '/api/v1/device/switch', { headers: deviceHeaders(token), json: { user_id: userId, pin } });
}

beforeAll(async () => {
  w = await setupWorld();
  const d = today();
  lesson = await classWithLessons(w, { from: d, to: d, students: ['赵一', '钱二', '孙三'] });
  device = await register('前台平板1', w.bj);
  await ok(w.server.call('POST', '/api/v1/system/set_my_pin', { headers: w.principal.headers, json: { pin: PIN } }));
}, 120_000);

afterAll(async () => {
  await w?.server.close();
});

describe('device credential', () => {
  it('is issued only to holders of the device right, stored hashed, and listed on 设备管理', async () => {
    const refused = await w.server.call('POST', '/api/v1/device/register', { headers: w.frontDesk.headers, json: { name: 'x', school_id: w.gz } });
    expect(refused.body.code).toBe(403);
    expect(device.token.length).toBeGreaterThan(30);
    const stored = await w.server.db.selectFrom('front_desk_device').select('secret_hash').where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(device.token);
    const page = await ok(w.server.call<{ content: DeviceRow[] }>('GET', '/api/v1/device/page', { headers: w.admin.headers, query: { page: 1, rows: 50 } }));
    expect(page.content.find((r) => r.id === device.id)).toMatchObject({ name: '前台平板1', school_id: w.bj, state: 1, registered_by_name: expect.any(String) });
    // the front desk's role has no 设备管理 screen
    expect((await w.server.call('GET', '/api/v1/device/page', { headers: w.frontDesk.headers })).body).toMatchObject({ code: 403 });
  });

  it('before anyone switches in, answers only who it is and who may switch in', async () => {
    const h = deviceHeaders(device.token);
    const me = await ok(w.server.call<{ device: { id: number; school_id: number } }>('GET', '/api/v1/device/me', { headers: h }));
    expect(me.device).toMatchObject({ id: device.id, school_id: w.bj });
    const staff = await ok(w.server.call<DeviceStaff[]>('GET', '/api/v1/device/staff', { headers: h }));
    expect(staff.map((s) => s.login_id)).toContain('principal');
    // the front desk of 广州天河 has no PIN and another campus: not listed
    expect(staff.map((s) => s.login_id)).not.toContain('front_desk');
    expect((await w.server.call('GET', '/api/v1/edu_check_in/today_roster', { headers: h, query: { school_id: w.bj } })).body).toMatchObject({ code: 403, msg: DEVICE_NO_OPERATOR_MSG });
  });

  it('refuses every call outside the front desk, also with a person switched in', async () => {
    const op = await ok(switchTo(device.token, w.principal.user.id, PIN));
    const h = deviceHeaders(device.token, op.token);
    for (const [method, path] of [
      ['GET', '/api/v1/system/find_user_page'],
      ['GET', '/api/v1/edu_check_in/page'],
      ['GET', '/api/v1/sys_user/get_user_school'],
      ['POST', '/api/v1/student/add'],
      ['POST', '/api/v1/device/register'],
      ['POST', '/api/v1/device/revoke'],
      ['POST', '/api/v1/system/modify_password'],
    ] as const) {
      const res = await w.server.call(method, path, { headers: h, json: method === 'POST' ? { id: device.id, name: 'x', school_id: w.bj } : undefined });
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 403, msg: DEVICE_FORBIDDEN_MSG });
    }
    // its one campus only: the principal's other campus is as missing
    const hd = await w.server.call('GET', '/api/v1/edu_check_in/today_roster', { headers: h, query: { school_id: w.gz } });
    expect(hd.body.code).toBe(404);
    const roster = await ok(w.server.call<RosterSession[]>('GET', '/api/v1/edu_check_in/today_roster', { headers: h, query: { school_id: w.bj } }));
    expect(roster.some((s) => s.schedule_id === lesson.lessonIds[0])).toBe(true);
  });

  it('answers 401 to an unknown credential and refuses a forged or another device\'s person token', async () => {
    expect((await w.server.call('GET', '/api/v1/device/me', { headers: deviceHeaders('no-such-device-credential-xxxxxxxxxxxxxxx') })).status).toBe(401);
    const other = await register('前台平板2', w.bj);
    const op = await ok(switchTo(other.token, w.principal.user.id, PIN));
    const forged = `${device.id}.${w.admin.user.id}.${Date.now() + 86_400_000}.${'A'.repeat(43)}`;
    for (const token of [op.token, forged]) {
      const res = await w.server.call('GET', '/api/v1/edu_check_in/today_roster', { headers: deviceHeaders(device.token, token), query: { school_id: w.bj } });
      expect(res.body).toMatchObject({ code: 403, msg: OPERATOR_REFUSED_MSG });
    }
  });
});

describe('check-in from a device', () => {
  it('records the device and the person who switched in', async () => {
    const op = await ok(switchTo(device.token, w.principal.user.id, PIN));
    const h = { ...deviceHeaders(device.token, op.token), 'Idempotency-Key': crypto.randomUUID() };
    const saved = await ok(
      w.server.call<{ id: number }>('POST', '/api/v1/check_in', { headers: h, query: { c: 'zh' }, json: { schedule_id: lesson.lessonIds[0], student_id: lesson.studentIds[0], mark: 'present' } }),
    );
    const row = await w.server.db.selectFrom('edu_check_in').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_id: device.id, operator_id: w.principal.user.id, created_by: w.principal.user.id, device: '前台平板1' });
    const log = await w.server.db.selectFrom('edu_check_in_log').selectAll().where('check_in_id', '=', saved.id).execute();
    expect(log).toEqual([expect.objectContaining({ device_id: device.id, operator_id: w.principal.user.id, action: 'add' })]);
    // a check-in from a person's own session names no device
    const own = await ok(
      w.server.call<{ id: number }>('POST', '/api/v1/check_in', { headers: w.principal.headers, json: { schedule_id: lesson.lessonIds[0], student_id: lesson.studentIds[1], mark: 'late' } }),
    );
    expect(await w.server.db.selectFrom('edu_check_in').select(['device_id', 'operator_id']).where('id', '=', own.id).executeTakeFirstOrThrow()).toEqual({
      device_id: null,
      operator_id: w.principal.user.id,
    });
  });

  it('gives every student of the roster the signed card the class prints', async () => {
    const op = await ok(switchTo(device.token, w.principal.user.id, PIN));
    const roster = await ok(w.server.call<RosterSession[]>('GET', '/api/v1/edu_check_in/today_roster', { headers: deviceHeaders(device.token, op.token), query: { school_id: w.bj } }));
    const cards = await ok(w.server.call<StudentCard[]>('GET', '/api/v1/device/student_cards', { headers: w.principal.headers, query: { class_id: lesson.classId } }));
    expect(cards.map((c) => c.student_id).toSorted()).toEqual([...lesson.studentIds].toSorted());
    const session = roster.find((s) => s.schedule_id === lesson.lessonIds[0]);
    for (const c of cards) {
      expect(c.token).toMatch(/^CD1\.\d+\.[A-Za-z0-9_-]{16}$/);
      expect(session?.students.find((s) => s.student_id === c.student_id)?.card).toBe(c.token);
    }
    // a card of a class outside the caller's campuses is as missing
    expect((await w.server.call('GET', '/api/v1/device/student_cards', { headers: w.frontDesk.headers, query: { class_id: lesson.classId } })).body.code).toBe(404);
  });
});

describe('PIN', () => {
  it('is locked after 5 wrong tries even when 12 arrive at once; only setting it again unlocks it', async () => {
    const userId = w.principal.user.id;
    await ok(w.server.call('POST', '/api/v1/system/set_my_pin', { headers: w.principal.headers, json: { pin: PIN } }));
    const answers = await Promise.all(Array.from({ length: 12 }, () => switchTo(device.token, userId, '000000')));
    const wrong = answers.filter((a) => a.body.msg === 'PIN 不正确').length;
    expect(answers.every((a) => a.status === 200 && a.body.code !== 200)).toBe(true);
    // tries 1-4 were told "wrong", the 5th locked the PIN; the rest were refused unseen
    expect(wrong).toBe(4);
    const row = await w.server.db.selectFrom('user_pin').select(['failed_count', 'locked']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_count: 5, locked: 1 });
    // the right PIN no longer opens it
    expect((await switchTo(device.token, userId, PIN)).body.msg).toContain('已锁定');
    expect(await ok(w.server.call<{ locked: boolean }>('GET', '/api/v1/system/my_pin', { headers: w.principal.headers }))).toEqual({ has_pin: true, locked: true });
    await ok(w.server.call('POST', '/api/v1/system/set_my_pin', { headers: w.principal.headers, json: { pin: PIN } }));
    expect((await switchTo(device.token, userId, PIN)).body.code).toBe(200);
  });

  it('takes 4-6 digits only, is never written to the audit log, and is set for others by the device right', async () => {
    for (const pin of ['123', '1234567', 'abcd', '']) {
      expect((await w.server.call('POST', '/api/v1/system/set_my_pin', { headers: w.principal.headers, json: { pin } })).body.code).toBe(400);
    }
    const target = await w.server.db.selectFrom('users').select('id').where('login_id', '=', 'teacher').executeTakeFirstOrThrow();
    expect((await w.server.call('POST', '/api/v1/device/user_pin', { headers: w.frontDesk.headers, json: { user_id: target.id, pin: '5555' } })).body.code).toBe(403);
    await ok(w.server.call('POST', '/api/v1/device/user_pin', { headers: w.admin.headers, json: { user_id: target.id, pin: '5555' } }));
    const logged = await w.server.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(logged)).not.toContain(PIN);
    expect(JSON.stringify(logged)).not.toContain('5555');
    const hashes = await w.server.db.selectFrom('user_pin').select('pin_hash').execute();
    expect(hashes.every((h) => h.pin_hash.startsWith('$argon2id$'))).toBe(true);
  });
});

describe('revocation', () => {
  it('refuses the revoked device everything, its queued writes on arrival with a visible reason', async () => {
    const tablet = await register('丢失的平板', w.bj);
    const op = await ok(switchTo(tablet.token, w.principal.user.id, PIN));
    const h = deviceHeaders(tablet.token, op.token);
    const queued = { schedule_id: lesson.lessonIds[0], student_id: lesson.studentIds[2], mark: 'present' };
    const revoked = await ok(w.server.call<DeviceRow>('POST', '/api/v1/device/revoke', { headers: w.admin.headers, json: { id: tablet.id } }));
    expect(revoked).toMatchObject({ state: 0, revoked_by_name: expect.any(String) });
    const before = await w.server.db.selectFrom('edu_check_in').select('id').execute();
    const res = await w.server.call('POST', '/api/v1/check_in', { headers: { ...h, 'Idempotency-Key': crypto.randomUUID() }, query: { c: 'zh' }, json: queued });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 403, msg: DEVICE_REVOKED_MSG });
    expect(await w.server.db.selectFrom('edu_check_in').select('id').execute()).toHaveLength(before.length);
    for (const [method, path] of [
      ['GET', '/api/v1/device/me'],
      ['POST', '/api/v1/device/switch'],
      ['GET', '/api/v1/edu_check_in/today_roster'],
    ] as const) {
      expect((await w.server.call(method, path, { headers: h, json: method === 'POST' ? { user_id: w.principal.user.id, pin: PIN } : undefined, query: { school_id: w.bj } })).body).toMatchObject({ code: 403, msg: DEVICE_REVOKED_MSG });
    }
    // the other device carries on
    expect((await switchTo(device.token, w.principal.user.id, PIN)).body.code).toBe(200);
  });

  it('refuses a write at once when another worker process revoked the device, whatever this process cached', async () => {
    const tablet = await register('另一进程吊销', w.bj);
    const op = await ok(switchTo(tablet.token, w.principal.user.id, PIN));
    const h = deviceHeaders(tablet.token, op.token);
    await ok(w.server.call('GET', '/api/v1/edu_check_in/today_roster', { headers: h, query: { school_id: w.bj } }));
    // as another process would: straight in the database, this process's cache untouched
    await w.server.db.updateTable('front_desk_device').set({ state: 0 }).where('id', '=', tablet.id).execute();
    const res = await w.server.call('POST', '/api/v1/check_in', { headers: { ...h, 'Idempotency-Key': crypto.randomUUID() }, json: { schedule_id: lesson.lessonIds[0], student_id: lesson.studentIds[2], mark: 'late' } });
    expect(res.body).toMatchObject({ code: 403, msg: DEVICE_REVOKED_MSG });
  });

  it('renames a device; an unknown device is as missing', async () => {
    const renamed = await ok(w.server.call<DeviceRow>('POST', '/api/v1/device/rename', { headers: w.admin.headers, json: { id: device.id, name: '朝阳前台' } }));
    expect(renamed.name).toBe('朝阳前台');
    expect((await w.server.call('POST', '/api/v1/device/rename', { headers: w.admin.headers, json: { id: device.id, name: '' } })).body.code).toBe(400);
    expect((await w.server.call('POST', '/api/v1/device/revoke', { headers: w.admin.headers, json: { id: 999999 } })).body.code).toBe(404);
  });
});
