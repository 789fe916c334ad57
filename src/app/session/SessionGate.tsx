import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideNavigation } from './guard';
import { getToken, loadSession, subscribeSession } from './store';

/**
 * The navigation guard of spec doc 000 §4: no token → /login; a token on /login → /.
 * Loading the menus (the 'load' step) happens in the layout, which shows the page once they are in.
 */
export function SessionGate() {
  const location = useLocation();
  // Re-render on sign-in / sign-out so the decision follows the session.
  useSyncExternalStore(subscribeSession, loadSession);
  const hasToken = !!getToken() && !!loadSession();
  const decision = decideNavigation(location.pathname, hasToken, true);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
