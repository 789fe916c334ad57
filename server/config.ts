import path from 'node:path';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** where the provider sends the browser after its own sign-out */
  logoutUrl?: string;
  scope: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** demo data is seeded on an empty database */
  demo: boolean;
  production: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  adminInitialPassword?: string;
  oidc?: OidcConfig;
  i2goUrl?: string;
  /** server processes sharing the port (node:cluster); each is stateless, the database holds the state */
  workers: number;
  /** behind a reverse proxy: the client address is the last X-Forwarded-For entry (TRUST_PROXY=1) */
  trustProxy: boolean;
  /** key of signed file addresses; made once and kept in the database when not given */
  fileUrlSecret?: string;
  timezone: 'Asia/Shanghai';
}

type Env = Record<string, string | undefined>;

function intOf(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`环境变量 ${key} 必须是正整数，当前为 "${raw}"`);
  return n;
}

/** Reads the configuration from the environment; throws a Chinese message on a bad value. */
export function loadConfig(env: Env = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const oidcIssuer = env.OIDC_ISSUER;
  const oidc: OidcConfig | undefined = oidcIssuer
    ? {
        issuer: oidcIssuer.replace(/\/+$/, ''),
        clientId: env.OIDC_CLIENT_ID ?? '',
        clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        redirectUri: env.OIDC_REDIRECT_URI ?? '',
        logoutUrl: env.OIDC_LOGOUT_REDIRECT || undefined,
        scope: env.OIDC_SCOPE || 'openid profile',
      }
    : undefined;
  return {
    port: intOf(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demo: !production && env.DEMO !== '0',
    production,
    sessionIdleMinutes: intOf(env, 'SESSION_IDLE_MINUTES', 120),
    sessionAbsoluteHours: intOf(env, 'SESSION_ABSOLUTE_HOURS', 24),
    adminInitialPassword: env.ADMIN_INITIAL_PASSWORD || undefined,
    oidc,
    i2goUrl: env.I2GO_URL || undefined,
    workers: intOf(env, 'WORKERS', 1),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    fileUrlSecret: env.FILE_URL_SECRET || undefined,
    timezone: 'Asia/Shanghai',
  };
}
