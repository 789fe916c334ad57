import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { loadConfig, type AppConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { createApp } from '../../server/app';
import { exportsSettled } from '../../server/modules/export';
import type { AppEnv } from '../../server/lib/context';
import type { Database } from '../../server/db/schema';
import type { DialectName } from '../../server/db/dialect';
import { bearerOf, type SessionUser } from '../../src/contract/session';
import { seededPgDatabase, seededSqliteImage } from './seeded-database';

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
}

export interface LoggedIn {
  headers: Record<string, string>;
  user: SessionUser;
}

export interface TestServer {
  app: Hono<AppEnv>;
  db: Kysely<Database>;
  dialect: DialectName;
  config: AppConfig;
  login(loginId: string, password: string): Promise<LoggedIn>;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  close(): Promise<void>;
}

/** Demo passwords (server/db/seed/demo-data.ts). */
export const ADMIN = { login: 'admin', password: 'admin123' } as const;
export const DEMO_PASSWORD = 'demo123';

function withQuery(path: string, query?: CallOptions['query']): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://localhost');
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

/**
 * The real app on a fresh database with real migrations and the demo seed: in-memory SQLite, or
 * PostgreSQL when TEST_DATABASE_URL is set. The database is a copy of one migrated and seeded
 * once per test run (seeded-database.ts), so every server starts from the same demo data.
 */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const pgBase = process.env.TEST_DATABASE_URL;
  const fresh = pgBase ? await seededPgDatabase(pgBase) : undefined;
  const config: AppConfig = { ...loadConfig({ ...env }), dataDir: ':memory:', databaseUrl: fresh?.url };
  const opened = openDatabase({ ...config, poolSize: 4, sqliteImage: fresh ? undefined : await seededSqliteImage() });
  const app = createApp({ db: opened.db, dialect: opened.dialect, config });

  const call = async <T>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(options.form)) if (v !== undefined) p.set(k, String(v));
      body = p.toString();
    }
    const res = await app.fetch(new Request(withQuery(path, options.query), { method, headers, body }));
    const text = await res.text();
    let parsed: Answer<T>['body'];
    try {
      parsed = JSON.parse(text) as Answer<T>['body'];
    } catch {
      parsed = { code: res.status, msg: text, data: null as T };
    }
    return { status: res.status, body: parsed };
  };

  const login = async (loginId: string, password: string): Promise<LoggedIn> => {
    const res = await call<SessionUser>('POST', '/api/v1/sso/login', { json: { login_id: loginId, password } });
    if (res.body.code !== 200) throw new Error(`登录失败 ${loginId}: ${res.body.msg}`);
    const user = res.body.data;
    return { user, headers: { token: user.token, Authorization: bearerOf(user.login_id, user.token, user.domain) } };
  };

  return {
    app,
    db: opened.db,
    dialect: opened.dialect,
    config,
    login,
    call,
    async close() {
      // background export writers still use the database: let them finish first
      await exportsSettled();
      await opened.close();
      await fresh?.drop();
    },
  };
}
