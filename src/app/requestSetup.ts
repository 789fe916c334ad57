import { configureRequest } from '../api/request';
import { clearSession, getToken, loadSession, sessionHeaders } from './session/store';
import { deviceHeaders, leaveDeviceMode, loadDevice } from '../offline/device';
import { rememberEndedUser } from './session/endedUser';
import { signInPath } from './session/guard';
import { clearTabsStorage } from './layout/tabsStorage';

interface Navigator {
  navigate(to: string, opts?: { replace?: boolean; state?: unknown }): unknown;
  state: { location: { pathname: string; search: string } };
}

const sessionEndListeners = new Set<() => void>();

/** Called when a 401 ends the session (the layout drops its cached queries). */
export function onSessionEnd(fn: () => void): () => void {
  sessionEndListeners.add(fn);
  return () => sessionEndListeners.delete(fn);
}

/**
 * Ends the session in this browser (the server already has, or will refuse it): the stored session,
 * tabs and cached lists go; the outbox and the saved menus and rosters stay, so queued writes are
 * sent once their user signs in again.
 */
export function endSessionLocally(): void {
  // whose session it was: the same user signing in again goes back to the screen (afterLoginPath)
  rememberEndedUser(loadSession()?.login_id ?? null);
  clearSession();
  clearTabsStorage();
  for (const fn of sessionEndListeners) fn();
}

/** Wires the request layer to the session and the router: 401 → /login, other statuses → /error/{status}. */
export function installRequestHooks(router: Navigator): void {
  configureRequest({
    // A person's session when one is signed in, else the front-desk device's credential (device mode).
    headers: () => (getToken() ? sessionHeaders() : deviceHeaders()),
    mockBase: (import.meta.env.VITE_MOCK_BASE as string | undefined) ?? '',
    apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '',
    onUnauthorized() {
      const { pathname, search } = router.state.location;
      // The server no longer knows this device (expired, or its record is gone): it is a browser again.
      if (!getToken() && loadDevice()) leaveDeviceMode();
      endSessionLocally();
      // back to this screen once signed in again
      if (pathname !== '/login') void router.navigate(signInPath(pathname, search), { replace: true });
    },
    onHttpError(status, message) {
      void router.navigate(`/error/${status}`, { state: { message } });
    },
  });
}
