import { z } from './zod';
import { answer, ANY_SIGNED_IN, defineCall } from './call';
import type { Page } from './envelope';
import { PAGE_LABELS, pageQuerySchema } from './paging';

/**
 * Front-desk device mode (issue 11): a campus's shared check-in tablet is registered by an
 * administrator and keeps a device credential of its own (long-lived, bound to one campus,
 * revocable from 系统管理 › 设备管理). Staff switch on it with a personal PIN; the server then
 * answers the device as that person, limited to the front-desk calls.
 *
 * Headers of a device's calls (instead of `token` and `Authorization`):
 * - `X-Device-Token`: the device credential (random; the server keeps only its hash);
 * - `X-Device-Operator`: the signed token of the person switched in (from `device/switch`); a
 *   queued write keeps the token of whoever queued it, so it is recorded as theirs when it arrives.
 */

export { DEVICE_OPERATOR_HEADER, DEVICE_TOKEN_HEADER } from './deviceHeaders';
/** What every call of a revoked device answers (code 403): queued writes show it in the outbox. */
export const DEVICE_REVOKED_MSG = '该设备已被吊销，记录未保存';
/** A call outside the front desk made by a device. */
export const DEVICE_FORBIDDEN_MSG = '前台设备只能用于签到';
/** A front-desk call made by a device before anyone switched in with a PIN. */
export const DEVICE_NO_OPERATOR_MSG = '请先输入 PIN 切换到员工';
/** Days a device credential lives (and its cookie): a year, unless revoked before. */
export const DEVICE_CREDENTIAL_DAYS = 365;
/** Wrong PINs in a row before the PIN is locked (until it is set again). */
export const PIN_MAX_FAILED = 5;
export const PIN_RE = /^\d{4,6}$/;

/** Operation codes of 系统管理 › 设备管理 (src/contract/menus/system.ts). */
export const DEVICE_SCREEN = 'system_device';
export const DEVICE_PERMS = {
  register: 'sys_device_add',
  rename: 'sys_device_update',
  revoke: 'sys_device_revoke',
  pin: 'sys_device_pin',
} as const;

const AREA = 'system';
const positiveId = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`);
const deviceName = z
  .string({ error: '请输入设备名称' })
  .trim()
  .min(1, '请输入设备名称')
  .max(40, '设备名称最多 40 个字');
export const pinSchema = z.string({ error: '请输入 PIN' }).regex(PIN_RE, 'PIN 必须是 4-6 位数字');
export const userPinSchema = z.object({ user_id: positiveId('员工'), pin: pinSchema });
export const myPinSchema = z.object({ pin: pinSchema });

/** One registered device as listed on 设备管理 (the credential itself is never shown again). */
export interface DeviceRow {
  id: number;
  name: string;
  school_id: number;
  school_name: string | null;
  registered_by: number;
  registered_by_name: string | null;
  registered_at: string;
  /** epoch ms of the last call, null when never used after registering */
  last_seen_ms: number | null;
  /** 1 active, 0 revoked */
  state: number;
  revoked_at: string | null;
  revoked_by_name: string | null;
}

/** What the tablet keeps about itself (not secret): shown in its top bar. */
export interface DeviceInfo {
  id: number;
  name: string;
  school_id: number;
  school_name: string | null;
}

export interface RegisteredDevice extends DeviceInfo {
  /** the device credential, answered once */
  token: string;
  expires_ms: number;
  /** the server's clock when it answered: the credential's cookie lives expires_ms − server_now_ms (see SessionUser) */
  server_now_ms: number;
}

/** A person who may switch in on the device (holds the check-in right in its campus and has a PIN). */
export interface DeviceStaff {
  id: number;
  name: string;
  login_id: string;
}

export interface SwitchedOperator {
  user_id: number;
  name: string;
  /** signed by the server, bound to this device and person; sent as X-Device-Operator */
  token: string;
  expires_ms: number;
}

/** A student's printable card: the QR code carries `token` (signed by the server). */
export interface StudentCard {
  student_id: number;
  name: string;
  token: string;
}

export const deviceRegisterCall = defineCall({
  area: AREA,
  title: '开启前台设备模式',
  method: 'POST',
  path: 'api/v1/device/register',
  perm: DEVICE_PERMS.register,
  body: z.object({ name: deviceName, school_id: positiveId('校区') }),
  labels: { name: '设备名称', school_id: '校区' },
  answer: answer<RegisteredDevice>(),
});

export const devicePageCall = defineCall({
  area: AREA,
  title: '设备列表',
  method: 'GET',
  path: 'api/v1/device/page',
  perm: DEVICE_SCREEN,
  query: pageQuerySchema.extend({ state: z.coerce.number().int().min(0).max(1).optional(), school_id: positiveId('校区').optional() }),
  labels: { state: '状态', school_id: '校区', ...PAGE_LABELS },
  answer: answer<Page<DeviceRow>>(),
});

export const deviceRenameCall = defineCall({
  area: AREA,
  title: '重命名设备',
  method: 'POST',
  path: 'api/v1/device/rename',
  perm: DEVICE_PERMS.rename,
  body: z.object({ id: positiveId('设备'), name: deviceName }),
  labels: { id: '设备', name: '设备名称' },
  answer: answer<DeviceRow>(),
});

export const deviceRevokeCall = defineCall({
  area: AREA,
  title: '吊销设备',
  method: 'POST',
  path: 'api/v1/device/revoke',
  perm: DEVICE_PERMS.revoke,
  body: z.object({ id: positiveId('设备') }),
  labels: { id: '设备' },
  answer: answer<DeviceRow>(),
});

/** An administrator sets (or resets, which also unlocks) a staff member's PIN. */
export const deviceUserPinCall = defineCall({
  area: AREA,
  title: '设置员工 PIN',
  method: 'POST',
  path: 'api/v1/device/user_pin',
  perm: DEVICE_PERMS.pin,
  body: userPinSchema,
  labels: { user_id: '员工', pin: 'PIN' },
  answer: answer<{ user_id: number }>(),
});

/** One's own PIN (个人设置); setting it again also lifts a lock. */
export const myPinCall = defineCall({
  area: AREA,
  title: '设置我的 PIN',
  method: 'POST',
  path: 'api/v1/system/set_my_pin',
  perm: ANY_SIGNED_IN,
  body: myPinSchema,
  labels: { pin: 'PIN' },
  answer: answer<{ has_pin: true }>(),
});

export const myPinStateCall = defineCall({
  area: AREA,
  title: '我的 PIN 状态',
  method: 'GET',
  path: 'api/v1/system/my_pin',
  perm: ANY_SIGNED_IN,
  answer: answer<{ has_pin: boolean; locked: boolean }>(),
});

/** The device asks who it is (null for a signed-in person's session). */
export const deviceMeCall = defineCall({
  area: AREA,
  title: '本设备',
  method: 'GET',
  path: 'api/v1/device/me',
  perm: ANY_SIGNED_IN,
  answer: answer<{ device: DeviceInfo | null; operator: { user_id: number; name: string } | null }>(),
});

export const deviceStaffCall = defineCall({
  area: AREA,
  title: '本设备可切换的员工',
  method: 'GET',
  path: 'api/v1/device/staff',
  perm: ANY_SIGNED_IN,
  answer: answer<DeviceStaff[]>(),
});

export const deviceSwitchCall = defineCall({
  area: AREA,
  title: '前台设备切换员工',
  method: 'POST',
  path: 'api/v1/device/switch',
  perm: ANY_SIGNED_IN,
  body: userPinSchema,
  labels: { user_id: '员工', pin: 'PIN' },
  answer: answer<SwitchedOperator>(),
});

/** The cards of a class's students, for printing (班级详情). */
export const studentCardsCall = defineCall({
  area: AREA,
  title: '学员签到卡',
  method: 'GET',
  path: 'api/v1/device/student_cards',
  perm: ['base_class_manage', 'base_class_detail', 'educational_front_desk_check_in'],
  query: z.object({ class_id: positiveId('班级') }),
  labels: { class_id: '班级' },
  answer: answer<StudentCard[]>(),
});

/**
 * The calls a device answers to (every other call is refused with DEVICE_FORBIDDEN_MSG): who it
 * is, switching person, and the front desk's roster, check-in and undo.
 */
export const DEVICE_SELF_PATHS: readonly string[] = [deviceMeCall.path, deviceStaffCall.path, deviceSwitchCall.path];
