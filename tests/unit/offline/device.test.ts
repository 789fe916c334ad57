import { afterEach, describe, expect, it } from 'vitest';
import { deviceHeaders, deviceOutboxOwner, deviceSnapshot, enterDeviceMode, leaveDeviceMode, operatorHeaders, setOperator } from '../../../src/offline/device';
import { canSwitchOffline, rememberPin, switchOffline } from '../../../src/offline/devicePins';
import { enqueue } from '../../../src/offline/outbox';
import { configureOutboxHeaders } from '../../../src/offline/owner';
import { checkInCall } from '../../../src/contract/classes';
import { freshDb } from './helpers';

/** Issue 11: the front-desk device store, switching person offline, and the person kept with a queued write. */

const REG = { id: 7, name: '前台平板', school_id: 3, school_name: '广州天河校区', token: 'secret-credential', expires_ms: Date.now() + 86_400_000, server_now_ms: Date.now() };
const OP = { user_id: 42, name: '孙丽', token: '7.42.99999999999999.sig', expires_ms: Date.now() + 3_600_000 };

afterEach(() => {
  leaveDeviceMode();
  configureOutboxHeaders(() => ({}));
});

describe('front-desk device store', () => {
  it('keeps the credential in a cookie and sends it with the person switched in', () => {
    expect(deviceHeaders()).toEqual({});
    enterDeviceMode(REG);
    expect(document.cookie).toContain('device_token=secret-credential');
    expect(deviceSnapshot().device).toMatchObject({ id: 7, name: '前台平板', school_id: 3 });
    expect(JSON.stringify(deviceSnapshot().device)).not.toContain('secret-credential');
    expect(deviceHeaders()).toEqual({ 'X-Device-Token': 'secret-credential' });
    setOperator(OP);
    expect(deviceHeaders()).toEqual({ 'X-Device-Token': 'secret-credential', 'X-Device-Operator': OP.token });
    expect(deviceOutboxOwner()).toEqual({ loginId: 'device:7', domain: '' });
    // the same snapshot object while nothing changed (useSyncExternalStore)
    expect(deviceSnapshot()).toBe(deviceSnapshot());
    leaveDeviceMode();
    expect(deviceSnapshot()).toEqual({ device: null, operator: null });
    expect(document.cookie).not.toContain('device_token=');
  });

  it('keeps the credential on a tablet whose clock runs two months ahead of the server (its lifetime is on the server clock)', () => {
    const serverNow = Date.now() - 60 * 86_400_000;
    enterDeviceMode({ ...REG, expires_ms: serverNow + 30 * 86_400_000, server_now_ms: serverNow });
    expect(document.cookie).toContain('device_token=secret-credential');
    expect(deviceHeaders()).toEqual({ 'X-Device-Token': 'secret-credential' });
    expect(JSON.stringify(deviceSnapshot().device)).not.toContain('server_now_ms');
  });

  it('a queued write keeps the person who queued it, whoever is switched in when it is sent', async () => {
    enterDeviceMode(REG);
    setOperator(OP);
    configureOutboxHeaders(operatorHeaders);
    const db = freshDb();
    const item = await enqueue({ call: checkInCall, body: { schedule_id: 1, student_id: 2, mark: 'present' }, kind: 'check_in', label: '签到' }, db);
    setOperator({ ...OP, user_id: 43, token: 'other' });
    expect((await db.outbox.get(item.id))?.headers).toEqual({ 'X-Device-Operator': OP.token });
  });
});

describe('switching person offline', () => {
  it('accepts only someone who switched in online here, with their PIN, and forgets them after 5 wrong PINs', async () => {
    const db = freshDb();
    expect(await switchOffline(7, 42, '246813', db)).toMatchObject({ ok: false, msg: expect.stringContaining('联网') });
    await rememberPin(7, OP, '246813', db);
    expect(await canSwitchOffline(7, 42, db)).toBe(true);
    // the verifier is this device's own: neither the PIN nor the server's hash is stored
    expect(JSON.stringify(await db.refLists.toArray())).not.toContain('246813');
    expect(await switchOffline(7, 42, '246813', db)).toEqual({ ok: true, operator: { user_id: 42, name: '孙丽', token: OP.token, expires_ms: OP.expires_ms, offline: true } });
    for (let i = 1; i <= 4; i++) expect(await switchOffline(7, 42, '000000', db)).toEqual({ ok: false, msg: 'PIN 不正确' });
    expect(await switchOffline(7, 42, '000000', db)).toMatchObject({ ok: false, msg: expect.stringContaining('输错次数过多') });
    // even the right PIN no longer works offline
    expect((await switchOffline(7, 42, '246813', db)).ok).toBe(false);
    expect(await canSwitchOffline(7, 42, db)).toBe(false);
  });

  it('does not switch offline on a token that has expired', async () => {
    const db = freshDb();
    await rememberPin(7, { ...OP, expires_ms: Date.now() - 1 }, '246813', db);
    expect((await switchOffline(7, 42, '246813', db)).ok).toBe(false);
  });
});
