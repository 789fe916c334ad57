/** Minimal cookie access (path /, session cookies unless days given). */
export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, days?: number): void {
  let c = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (days !== undefined) c += `; max-age=${Math.round(days * 86400)}`;
  document.cookie = c;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0`;
}

/**
 * Days a credential cookie lives: until `expiresMs`, the credential's absolute expiry, so a browser
 * restart (a daily event on a shared front-desk tablet) keeps the device signed in, offline too;
 * undefined (a session cookie) when the server named no expiry. The front-desk device credential
 * (src/offline/device.ts) is kept the same way, under its own cookie and expiry. Pass as `now` the
 * server's clock when it answered (server_now_ms) when the server gives it: a max-age is relative,
 * so only the difference of two times on one clock matters, and the device's clock may be off.
 */
export function credentialCookieDays(expiresMs: number | undefined, now: number = Date.now()): number | undefined {
  if (expiresMs === undefined || !Number.isFinite(expiresMs)) return undefined;
  return Math.max(0, expiresMs - now) / 86_400_000;
}
