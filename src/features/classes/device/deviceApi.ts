import { callApi } from '../../../api/call';
import { deviceMeCall, deviceStaffCall, deviceSwitchCall, type DeviceStaff, type SwitchedOperator } from '../../../contract/device';
import { refKeys, withRefListFallback } from '../../../offline';

/** The front-desk device's own calls (src/contract/device.ts). */

export function fetchDeviceMe() {
  return callApi(deviceMeCall, {});
}

/** Who may switch in, kept for offline starts. */
export function fetchDeviceStaff(deviceId: number): Promise<DeviceStaff[]> {
  return withRefListFallback(refKeys.deviceStaff(deviceId), () => callApi(deviceStaffCall, {}));
}

export function switchOnline(userId: number, pin: string): Promise<SwitchedOperator> {
  return callApi(deviceSwitchCall, { body: { user_id: userId, pin } }, { silent: true });
}

/** The owner id of a device's saved roster and taps: negative, so it never meets a user's id. */
export function frontDeskOwner(deviceId: number): number {
  return -deviceId;
}
