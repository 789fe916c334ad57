import dayjs from 'dayjs';
import { callApi } from '../../../api/call';
import type { Page } from '../../../contract/envelope';
import { punchCall, punchPageCall, type PunchBody, type PunchRow } from '../../../contract/workflow';
import { enqueue, type OutboxItem } from '../../../offline';

export const CLOCK_IN_KIND = 'clock_in';
export const GEO_TIMEOUT_MS = 8000;

export interface Position {
  lat: number;
  lng: number;
  accuracy: number;
}

export type GeoResult = { ok: true; position: Position } | { ok: false; reason: string };

/** The browser's position, or why there is none; never blocks a punch for longer than the time-out. */
export function locate(geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation, timeoutMs = GEO_TIMEOUT_MS): Promise<GeoResult> {
  if (!geo) return Promise.resolve({ ok: false, reason: '此设备不支持定位' });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: GeoResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    // some browsers never call back when the permission prompt is ignored
    const timer = setTimeout(() => finish({ ok: false, reason: '定位超时' }), timeoutMs + 500);
    geo.getCurrentPosition(
      (p) => finish({ ok: true, position: { lat: round6(p.coords.latitude), lng: round6(p.coords.longitude), accuracy: Math.round(p.coords.accuracy) } }),
      (e) => finish({ ok: false, reason: e.code === 1 ? '未允许定位' : e.code === 3 ? '定位超时' : '无法获取定位' }),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export function punchBody(now: Date, device: string, position: Position | null): PunchBody {
  return {
    time: dayjs(now).format('YYYY-MM-DD HH:mm:ss'),
    device,
    ...(position ? { lat: position.lat, lng: position.lng, accuracy: position.accuracy } : {}),
  };
}

export function queuePunch(body: PunchBody): Promise<OutboxItem> {
  return enqueue({ call: punchCall, body, kind: CLOCK_IN_KIND, label: `考勤打卡 ${body.time.slice(11, 16)}` });
}

/** The user's own punches of a day (user_id given: a principal's page call would answer everyone's). */
export function fetchMyPunches(userId: number, day: string): Promise<Page<PunchRow>> {
  return callApi(punchPageCall, { query: { user_id: userId, date_start: day, date_end: day, page: 1, rows: 100 } });
}
