import { chromium, expect, type APIRequestContext, type BrowserContext, type Page } from './fixtures';
import { login, sessionUser } from './classes-fixtures';
import { untilServiceWorkerControls } from './serviceWorkerControl';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { AUTH_COOKIE, credentialCookieDays, SESSION_KEY, TOKEN_COOKIE } from '../../src/app/session/store';
import { bearerOf } from '../../src/contract/session';

/**
 * A light screen of every user (个人设置) for a test that opens its own screen right after signing
 * in: landing there spares it drawing 首页's dashboards and their calls (about a second of the
 * machine each time, in a suite that signs in some fifty times so).
 */
export const LIGHT_LANDING = '/settings';

/**
 * A front-desk tablet whose browser can be restarted: a persistent profile (user-data dir) closed
 * and launched again drops session cookies as a tablet's browser or OS restart does, and keeps the
 * service worker, local storage and IndexedDB.
 */
export function launchTablet(dir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
}

/** Signs in through the sign-in page and waits for the main layout: on 首页, or on `landing` (the sign-in's redirect). */
export async function signIn(page: Page, loginId = 'admin', password = 'admin123', landing?: string): Promise<void> {
  await page.goto(landing ? `/#/login?redirect=${encodeURIComponent(landing)}` : '/#/login');
  await page.getByPlaceholder('请输入账号').fill(loginId);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/**
 * Opens `landing` signed in as `loginId`, for a test whose subject is a screen, not the sign-in:
 * signs in through the API (POST sso/login, as the sign-in page does) and stores what the sign-in
 * page stores (saveSession: the session user in local storage, the token and Authorization
 * cookies) before the app's first script, once, in this tab. The app then starts signed in, as
 * after a reload, without drawing the sign-in page first (about a second of the machine each time,
 * in a suite that signs in some sixty times). Tests of the sign-in itself, and a second user on the
 * same page, use signIn.
 */
export async function openAs(page: Page, loginId: string, password: string, landing: string): Promise<void> {
  // another user on a page already open signs in as users do (signIn): the app clears what the last one left
  if (page.url() !== 'about:blank') throw new Error(`openAs opens a new page; ${page.url()} is open already: switch users with signIn`);
  const user = await sessionUser(page.request, loginId, password);
  const days = credentialCookieDays(user.session_expires_ms, user.server_now_ms);
  const stored = {
    key: SESSION_KEY,
    user: JSON.stringify(user),
    cookies: [
      [TOKEN_COOKIE, user.token],
      [AUTH_COOKIE, bearerOf(user.login_id, user.token, user.domain)],
    ],
    // as saveSession (lib/cookies setCookie): kept until the session's absolute end, when the server gives it
    maxAge: days === undefined ? null : Math.round(days * 86400),
  };
  // once per tab (session storage): a later sign-out followed by a reload stays signed out
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('e2e.openAs')) return;
    sessionStorage.setItem('e2e.openAs', '1');
    localStorage.setItem(s.key, s.user);
    for (const [name, value] of s.cookies) document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${s.maxAge === null ? '' : `; max-age=${s.maxAge}`}`;
  }, stored);
  await page.goto(`/#${landing}`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Waits until the service worker controls the page (it precaches the shell on first load). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await untilServiceWorkerControls(page);
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** The administrator's session of the API for checking what the server holds, independent of the page. */
export function apiSession(request: APIRequestContext): Promise<Record<string, string>> {
  return login(request);
}

export interface FeedbackRow {
  id: number;
  content: string;
}

/** Every feedback row whose content starts with `prefix`, oldest first. */
export async function feedbackRows(request: APIRequestContext, headers: Record<string, string>, prefix: string): Promise<FeedbackRow[]> {
  const rows: FeedbackRow[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`api/v1/base_feedback/page?page=${page}&rows=500&sort=id`, { headers });
    const env = (await res.json()) as { code: number; data: { content: FeedbackRow[]; totalSize: number } };
    expect(env.code).toBe(200);
    rows.push(...env.data.content);
    if (env.data.content.length === 0 || rows.length >= env.data.totalSize) break;
  }
  return rows.filter((r) => r.content.startsWith(prefix)).toSorted((a, b) => a.id - b.id);
}

/**
 * Puts writes straight into the outbox store of the app's database, as `enqueue` does, for runs of
 * hundreds of items where filling the dialog each time would only measure typing. The app must
 * have opened the database already (it does on sign-in).
 */
export async function seedOutbox(page: Page, items: { url: string; body: unknown; label: string }[]): Promise<void> {
  // Dexie's version 1 of the schema is IndexedDB version 10: wait until the app has created the stores
  await page.waitForFunction(async () => (await indexedDB.databases()).some((d) => d.name === 'campus-desk' && (d.version ?? 0) >= 10));
  await page.evaluate(async (list) => {
    // the app may still be creating its stores: open until the outbox store is there
    let db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('campus-desk');
      r.addEventListener('success', () => resolve(r.result));
      r.addEventListener('error', () => reject(r.error));
    });
    for (let i = 0; i < 50 && !db.objectStoreNames.contains('outbox'); i++) {
      db.close();
      await new Promise((r) => setTimeout(r, 100));
      db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('campus-desk');
        r.addEventListener('success', () => resolve(r.result));
        r.addEventListener('error', () => reject(r.error));
      });
    }
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('outbox', 'readwrite');
      const store = tx.objectStore('outbox');
      const now = Date.now();
      for (const it of list) {
        store.add({
          url: it.url,
          method: 'POST',
          body: it.body,
          idempotencyKey: crypto.randomUUID(),
          kind: 'feedback',
          label: it.label,
          createdAt: now,
          attempts: 0,
          nextAttemptAt: 0,
          lastError: null,
          state: 'pending',
          doneAt: null,
        });
      }
      tx.addEventListener('complete', () => resolve());
      tx.addEventListener('error', () => reject(tx.error));
    });
    db.close();
  }, items);
}

/** Outbox items by state, read from the page's database. */
export async function outboxStates(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('campus-desk');
      r.addEventListener('success', () => resolve(r.result));
      r.addEventListener('error', () => reject(r.error));
    });
    const all = await new Promise<{ state: string }[]>((resolve, reject) => {
      const q = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
      q.addEventListener('success', () => resolve(q.result as { state: string }[]));
      q.addEventListener('error', () => reject(q.error));
    });
    db.close();
    const out: Record<string, number> = {};
    for (const it of all) out[it.state] = (out[it.state] ?? 0) + 1;
    return out;
  });
}

/** Opens 用户反馈 from the user menu, submits `content`. */
export async function submitFeedback(page: Page, content: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '用户反馈' }).click();
  const dialog = page.getByRole('dialog', { name: '用户反馈' });
  await dialog.getByPlaceholder('请描述您遇到的问题或建议').fill(content);
  await dialog.getByRole('button', { name: '提 交' }).click();
}
