/**
 * The api/v1 envelope. Every answer of the server is `{ code, msg, data }`; `code` 200 is success.
 * Business and validation failures travel with HTTP 200 and another `code`; HTTP statuses are kept
 * for the transport (401 no session, 404 unknown path, 413 oversized upload, 5xx faults).
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const ApiCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 423,
  SERVER_ERROR: 500,
} as const;
export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

/** A paged list answer. */
export interface Page<T> {
  content: T[];
  totalSize: number;
}

/** Deletes take a list of ids: `[{ id: 1 }, { id: 2 }]`. */
export type IdList = { id: number }[];

export function isOk<T>(e: Envelope<T>): boolean {
  return e.code === ApiCode.OK;
}
