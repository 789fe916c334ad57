import type { Menu, MenuRouteTag, TreeNode } from '../contract/menu';
import type { Page } from '../contract/envelope';
import { PATHS, type UserSchools } from '../contract/paths';
import type { LoginBody, SessionUser } from '../contract/session';
import { ApiFailure, api } from './client';
import { RequestError } from './request';

/** Direct sign-in. A null `data` counts as failure (spec doc 000 §7). */
export async function login(body: LoginBody): Promise<SessionUser> {
  const user = await api.post<SessionUser | null>(PATHS.login, body, { silent: true });
  if (!user || !user.token) throw new ApiFailure(500, '登录失败');
  return user;
}

export async function logout(): Promise<void> {
  await api.post<unknown>(PATHS.logout, {}, { silent: true });
}

/** Third-party (OpenID Connect) configuration; absent or disabled means direct sign-in. */
export interface ThirdConfig {
  enabled: boolean;
  authorize_url: string;
  client_id: string;
  scope: string;
  logout_url: string | null;
}

export async function fetchThirdConfig(): Promise<ThirdConfig | null> {
  try {
    const cfg = await api.get<ThirdConfig | null>(PATHS.thirdConfig, undefined, { silent: true });
    return cfg && cfg.enabled ? cfg : null;
  } catch {
    // A server without third-party support answers 404: direct sign-in.
    return null;
  }
}

export async function thirdLogin(code: string, redirectUri: string, state?: string): Promise<SessionUser> {
  const user = await api.post<SessionUser | null>(PATHS.thirdLogin, { code, redirect_uri: redirectUri, state }, { silent: true });
  if (!user || !user.token) throw new ApiFailure(500, '登录失败');
  return user;
}

/** Third-party sign-out; answers where the browser goes next (the provider's end-session page), if anywhere. */
export async function thirdLogout(): Promise<string | null> {
  const data = await api.post<{ logout_url?: string | null } | null>(PATHS.thirdLogout, {}, { silent: true });
  return data?.logout_url ?? null;
}

/** The user's menu tree (type 0 and below) as route sources. */
export function fetchMenuTree(userId: number): Promise<TreeNode<MenuRouteTag>[]> {
  return api.get<TreeNode<MenuRouteTag>[]>(PATHS.sidebar, { type: 0, type_op: '=', user_id: userId });
}

/**
 * The user's operation codes (type-2 menus, up to 10000); a failure counts as none (spec doc 000 §6).
 * A missing network is not "none": it is rethrown so the last saved codes are used offline.
 */
export async function fetchOperationCodes(userId: number): Promise<string[]> {
  try {
    const page = await api.get<Page<Menu>>(PATHS.sidebar, { type: 2, type_op: '=', user_id: userId, rows: 10000 });
    return page.content.map((m) => m.code).filter((c): c is string => typeof c === 'string' && c !== '');
  } catch (e) {
    if (e instanceof RequestError && (e.status === 401 || e.kind === 'network' || e.kind === 'timeout')) throw e;
    return [];
  }
}

export interface UserInfo {
  id: number;
  name: string;
  login_id: string;
  avatar: string | null;
  city: string | null;
  theme?: string | null;
}

export function fetchUserInfo(): Promise<UserInfo> {
  return api.get<UserInfo>(PATHS.getInfo);
}

export function modifyUserInfo(body: { avatar?: string | null; city?: string | null; theme?: string | null }): Promise<unknown> {
  return api.post<unknown>(PATHS.modifyInfo, body);
}

export function modifyPassword(body: { origin: string; new: string; confirm: string }): Promise<unknown> {
  return api.post<unknown>(PATHS.modifyPassword, body);
}

export function fetchUserSchools(): Promise<UserSchools> {
  return api.get<UserSchools>(PATHS.userSchools);
}
