/**
 * The API prefixes the server answers under, each behind the same pipeline (body limit, its own
 * authentication, read permissions, list export, request transaction; server/app.ts):
 * - `/api/v1`: the back office (DESIGN §3);
 * - `/api/openapi`: the part-time acquirers' service the spec places on a separate micro-service base
 *   (option set `micro_apis`, spec doc 001 "Part-time users"); served by this server, which is
 *   that base when the option set names no other address.
 */
export const API_PREFIXES = ['/api/v1', '/api/openapi'] as const;

export type ApiPrefix = (typeof API_PREFIXES)[number];

/** Whether a request path is a call of one of the API prefixes. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(`${p}/`));
}
