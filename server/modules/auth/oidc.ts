import { z } from 'zod';
import type { Hono } from 'hono';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { OidcConfig } from '../../config';
import { ApiError, ok } from '../../lib/http';
import { parseJson } from '../../lib/validate';
import { createSession, hashToken, revokeSession } from '../../lib/sessions';
import { forgetSession, parseBearer } from '../../lib/auth';
import { sessionUserOf } from './session-user';
import { SIGN_IN, SIGN_OUT } from './login';
import { mountWrite } from '../../lib/call-routes';
import '../../db/core-schema';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

const discoveries = new Map<string, { doc: Discovery; jwks: JWTVerifyGetKey; at: number }>();
const DISCOVERY_TTL_MS = 10 * 60_000;

async function discover(cfg: OidcConfig): Promise<{ doc: Discovery; jwks: JWTVerifyGetKey }> {
  const hit = discoveries.get(cfg.issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit;
  let doc: Discovery;
  try {
    const res = await fetch(`${cfg.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    doc = (await res.json()) as Discovery;
  } catch (err) {
    throw new ApiError(502, `无法连接统一认证服务：${err instanceof Error ? err.message : String(err)}`);
  }
  const entry = { doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)), at: Date.now() };
  discoveries.set(cfg.issuer, entry);
  return entry;
}

function requireOidc(deps: AppDeps): OidcConfig {
  if (!deps.config.oidc) throw new ApiError(400, '未启用第三方登录');
  return deps.config.oidc;
}

const thirdLoginSchema = z.object({
  code: z.string({ error: '缺少授权码 code' }).trim().min(1, '缺少授权码 code').max(2048, '授权码过长'),
  redirect_uri: z.string().trim().max(2048, '回调地址过长').optional(),
});

export function registerOidc(app: Hono<AppEnv>, deps: AppDeps): void {
  app.get('/api/v1/auth/third_config', async (c) => {
    const cfg = deps.config.oidc;
    if (!cfg) return ok(c, { enabled: false, authorize_url: null, client_id: null, scope: null, redirect_uri: null, logout_url: null });
    const { doc } = await discover(cfg);
    return ok(c, {
      enabled: true,
      authorize_url: doc.authorization_endpoint,
      client_id: cfg.clientId,
      scope: cfg.scope,
      redirect_uri: cfg.redirectUri || null,
      logout_url: doc.end_session_endpoint ?? null,
    });
  });

  mountWrite(app, '/api/v1/auth/third_login', SIGN_IN, async (c, log) => {
    const cfg = requireOidc(deps);
    const body = await parseJson(c, thirdLoginSchema, { code: '授权码', redirect_uri: '回调地址' });
    const { doc, jwks } = await discover(cfg);
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: body.code,
      redirect_uri: body.redirect_uri || cfg.redirectUri,
      client_id: cfg.clientId,
      client_secret: cfg.clientSecret,
    });
    let tokens: { id_token?: string };
    try {
      const res = await fetch(doc.token_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`).toString('base64')}`,
        },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new ApiError(401, '第三方登录失败：授权码无效或已过期');
      tokens = (await res.json()) as { id_token?: string };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(502, `无法连接统一认证服务：${err instanceof Error ? err.message : String(err)}`);
    }
    if (!tokens.id_token) throw new ApiError(401, '第三方登录失败：未返回身份令牌');
    let claims: { sub?: string; preferred_username?: unknown };
    try {
      ({ payload: claims } = await jwtVerify(tokens.id_token, jwks, { issuer: doc.issuer, audience: cfg.clientId }));
    } catch {
      throw new ApiError(401, '第三方登录失败：身份令牌校验未通过');
    }
    const username = typeof claims.preferred_username === 'string' && claims.preferred_username ? claims.preferred_username : claims.sub;
    if (!username) throw new ApiError(401, '第三方登录失败：身份令牌缺少用户标识');
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'login_id', 'name', 'domain', 'state'])
      .where('login_id', '=', username)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!user) throw new ApiError(403, `统一认证账号 ${username} 未开通本系统账号，请联系管理员`);
    if (user.state !== 1) throw new ApiError(403, '账号已停用，请联系管理员');
    const session = await createSession(deps.db, deps.config, user, { idToken: tokens.id_token, ip: c.req.header('x-forwarded-for') ?? null });
    await log([], { ids: [user.id], who: { userId: user.id, name: user.name } });
    return ok(c, await sessionUserOf(deps.db, user.id, session, user.domain));
  });

  // Public: the browser may come here with an expired session; whatever session the headers name is ended.
  mountWrite(app, '/api/v1/auth/third_logout', SIGN_OUT, async (c, log) => {
    const token = c.req.header('token');
    const bearer = parseBearer(c.req.header('authorization'));
    let idToken: string | null = null;
    if (token && bearer && bearer.token === token) {
      const tokenHash = hashToken(token);
      const s = await deps.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id_token', 'sessions.login_id', 'sessions.revoked', 'users.id as user_id', 'users.name'])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (s && s.login_id === bearer.loginId) {
        idToken = s.id_token;
        await revokeSession(deps.db, tokenHash);
        forgetSession(tokenHash);
        if (!s.revoked) await log([], { ids: [s.user_id], who: { userId: s.user_id, name: s.name } });
      }
    }
    const cfg = deps.config.oidc;
    let logoutUrl: string | null = null;
    if (cfg) {
      const { doc } = await discover(cfg);
      if (doc.end_session_endpoint) {
        const u = new URL(doc.end_session_endpoint);
        if (idToken) u.searchParams.set('id_token_hint', idToken);
        if (cfg.logoutUrl) u.searchParams.set('post_logout_redirect_uri', cfg.logoutUrl);
        u.searchParams.set('client_id', cfg.clientId);
        logoutUrl = u.toString();
      }
    }
    return ok(c, { logout_url: logoutUrl });
  });
}
