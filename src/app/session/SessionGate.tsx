import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideNavigation, deviceRedirect } from './guard';
import { getToken, loadSession, subscribeSession } from './store';
import { deviceSnapshot, subscribeDevice } from '../../offline/device';
import { endedUser } from './endedUser';

/**
 * The navigation guard of spec doc 000 §4: no token → /login; a token on /login → /.
 * Loading the menus (the 'load' step) happens in the layout, which shows the page once they are in.
 */
export function SessionGate() {
  const location = useLocation();
  // Re-render on sign-in / sign-out so the decision follows the session.
  useSyncExternalStore(subscribeSession, loadSession);
  const { device } = useSyncExternalStore(subscribeDevice, deviceSnapshot);
  const user = loadSession();
  const hasToken = !!getToken() && !!user;
  const toDevice = deviceRedirect(location.pathname, location.search, hasToken, device !== null);
  if (toDevice) return <Navigate to={toDevice} replace />;
  // the device's own page needs no person's session
  if (!hasToken && device && location.pathname === '/device') return <Outlet />;
  const decision = decideNavigation(location.pathname, hasToken, true, location.search, user ? { signedIn: user.login_id, endedUser: endedUser() } : undefined);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
