/**
 * The session header and the super code, without zod: the sign-in page imports these, and the
 * schemas of session.ts would double its script.
 */

/** Builds the Authorization header value: `Bearer base64(login_id:token:domain)`. */
export function bearerOf(loginId: string, token: string, domain: string): string {
  const raw = `${loginId}:${token}:${domain}`;
  const b64 = typeof btoa === 'function' ? btoa(unescape(encodeURIComponent(raw))) : Buffer.from(raw, 'utf8').toString('base64');
  return `Bearer ${b64}`;
}

/** The operation code that passes every permission check. */
export const SUPER_CODE = 'RC999';
