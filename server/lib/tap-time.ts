import type { Context } from 'hono';
import { OUTBOX_AGE_HEADER } from '../../src/contract/call';
import { nowText } from './time';

/**
 * When the user made a write that may have waited in an outbox (offline), as 'YYYY-MM-DD HH:mm:ss'
 * in Asia/Shanghai, on the server's clock:
 * - from the outbox's age header (milliseconds since the tap, a difference of the device's own
 *   clock, so a wrong device clock or zone does not shift it);
 * - else from the time the body claims (an API client replaying; the device's wall clock);
 * - else now.
 * Either way it is never later than now and never more than `maxAgeMs` ago, so a client cannot
 * move its tap into the future nor far back.
 */
export function tapTime(c: Context, claimed: string | undefined, maxAgeMs: number): string {
  const header = c.req.header(OUTBOX_AGE_HEADER)?.trim();
  if (header !== undefined && /^\d{1,15}$/.test(header)) return nowText(Date.now() - Math.min(Number(header), maxAgeMs));
  return boundedTapText(claimed, maxAgeMs);
}

/** A claimed tap time ('YYYY-MM-DD HH:mm[:ss]', Asia/Shanghai) within [now − maxAgeMs, now]; none is now. */
export function boundedTapText(claimed: string | undefined, maxAgeMs: number, now: number = Date.now()): string {
  const latest = nowText(now);
  if (!claimed) return latest;
  const s = claimed.replace('T', ' ');
  const text = s.length === 16 ? `${s}:00` : s;
  const earliest = nowText(now - maxAgeMs);
  if (text > latest) return latest;
  return text < earliest ? earliest : text;
}
