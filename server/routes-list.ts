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
