import type { Hono } from 'hono';
import type { AppEnv } from './lib/context';

/** `METHOD path` of every route handler (middlewares, registered as ALL, are left out). Sorted, unique. */
export function listRoutes(app: Hono<AppEnv>): string[] {
  const out = new Set<string>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    out.add(`${r.method} ${r.path}`);
  }
  return [...out].sort((a, b) => a.split(' ')[1].localeCompare(b.split(' ')[1]) || a.localeCompare(b));
}

/** `METHOD path` with the parameter names left out: `/x/:id` and `/x/:key` are the same route. */
function routeShape(method: string, path: string): string {
  return `${method} ${path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, ':$1')}`;
}

/**
 * Routes registered more than once for one method and path (parameter names aside), each with the
 * positions of its registrations in `app.routes`. The handlers given in one call (`app.post(path,
 * check, handler)`) are consecutive entries and count as one registration; only the first of two
 * registrations would ever answer, so a second one is a mistake.
 */
export function duplicateRoutes(app: Hono<AppEnv>): { route: string; at: number[] }[] {
  const starts = new Map<string, number[]>();
  let previous = '';
  app.routes.forEach((r, i) => {
    if (r.method === 'ALL') {
      previous = '';
      return;
    }
    const shape = routeShape(r.method, r.path);
    if (shape !== previous) starts.set(shape, [...(starts.get(shape) ?? []), i]);
    previous = shape;
  });
  return [...starts].filter(([, at]) => at.length > 1).map(([route, at]) => ({ route, at }));
}
