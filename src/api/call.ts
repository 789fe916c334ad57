import type { z } from 'zod';
import { callUrl, type CallArgs, type CallDef } from '../contract/call';
import { api } from './client';
import type { QueryValue } from './request';

type CallOptions = Parameters<typeof api.get>[2];

/** Query parameters as the request layer sends them (objects other than arrays are not query values). */
function queryOf(query: unknown): Record<string, QueryValue> | undefined {
  if (query === undefined || query === null) return undefined;
  return query as Record<string, QueryValue>;
}

/**
 * Makes the call a `defineCall` declaration describes (src/contract/call.ts), typed by its schemas
 * and answer: GET with the query, POST with the JSON (or form) body. Resolves to `data`; a failure
 * is an ApiFailure carrying the server's Chinese message.
 */
export function callApi<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, A>(def: CallDef<Q, B, A>, args: CallArgs<Q, B>, opts?: CallOptions): Promise<A> {
  const query = queryOf(args.query);
  if (def.method === 'GET') return api.get<A>(def.path, query, opts);
  const url = callUrl(def, query);
  if (def.form) return api.postForm<A>(url, (args.body ?? {}) as Record<string, QueryValue>, opts);
  return api.post<A>(url, args.body, opts);
}
