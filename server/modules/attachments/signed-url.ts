import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed file addresses (issue 18 defect 5): an <img>, <video> or <audio> element and a
 * download link cannot send the session headers, and the session token must not appear in an
 * address (logs, history). The address carries the attachment, the user it was made for, its expiry
 * and an HMAC of the three under a server secret; it is worthless after a few minutes.
 */
export const SIGNED_TTL_MS = 5 * 60_000;

export interface SignedParts {
  id: number;
  uid: number;
  exp: number;
}

function mac(secret: Buffer, p: SignedParts): string {
  return createHmac('sha256', secret).update(`sys_attachment:${p.id}:${p.uid}:${p.exp}`).digest('base64url');
}

/** Query string of a signed address (after `download?`). */
export function signedQuery(secret: Buffer, id: number, uid: number, now = Date.now()): string {
  const parts = { id, uid, exp: now + SIGNED_TTL_MS };
  return `id=${id}&uid=${uid}&exp=${parts.exp}&sig=${mac(secret, parts)}`;
}

/** Whether the signature is right and the address has not run out (nor claims to live too long). */
export function signatureValid(secret: Buffer, p: SignedParts, sig: string, now = Date.now()): boolean {
  if (!(p.exp > now && p.exp <= now + SIGNED_TTL_MS)) return false;
  const want = Buffer.from(mac(secret, p));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want);
}
