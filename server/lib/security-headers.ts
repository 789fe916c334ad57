import type { MiddlewareHandler } from 'hono';

/**
 * The app's Content-Security-Policy. The built app has no inline script (index.html loads modules
 * only); Mantine writes its CSS variables in <style> elements and components set style attributes,
 * hence 'unsafe-inline' for styles only. The service worker is a same-origin script (worker-src).
 * Previews use signed same-origin addresses; uploads being read before sending use blob: URLs.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are data, never a page: nothing may load from or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer, the app's and the API's: CSP (an answer that brings its own,
 * like a served file, keeps it), nosniff, no framing, no referrer, and no caching of API answers
 * (they carry personal data). No CORS headers are ever sent: other origins stay shut out.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const api = c.req.path.startsWith('/api/');
    if (!h.has('content-security-policy')) h.set('content-security-policy', api ? API_CSP : APP_CSP);
    h.set('x-content-type-options', 'nosniff');
    h.set('x-frame-options', 'DENY');
    h.set('referrer-policy', 'no-referrer');
    if (api) h.set('cache-control', 'no-store');
  };
}
