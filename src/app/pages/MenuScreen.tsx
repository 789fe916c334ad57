import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ScreenHost, preloadScreen } from '../ScreenHost';
import { matchPage } from '../routes/menuRoutes';
import { hashPath, hintedScreen, rememberScreen } from '../routes/screenHints';
import { useShell } from '../layout/ShellContext';
import { getToken, loadSession } from '../session/store';

// A start on a menu screen (a restart, a reload): its code loads beside the layout and the menus.
if (getToken() && loadSession()) {
  const hinted = hintedScreen(hashPath(window.location.hash));
  if (hinted) preloadScreen(hinted);
}

/** Any path inside the layout that is not fixed: the menu decides; unknown paths go to /401. */
export default function MenuScreen() {
  const { pathname } = useLocation();
  const { pages } = useShell();
  const m = matchPage(pathname, pages);
  const component = m?.route.component ?? null;
  useEffect(() => {
    if (component) rememberScreen(pathname, component);
  }, [pathname, component]);
  if (!m) return <Navigate to="/401" replace />;
  return <ScreenHost componentKey={m.route.component} title={m.route.title} />;
}
