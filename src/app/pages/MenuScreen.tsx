import { Navigate, useLocation } from 'react-router-dom';
import { ScreenHost } from '../ScreenHost';
import { matchPage } from '../routes/menuRoutes';
import { useShell } from '../layout/ShellContext';

/** Any path inside the layout that is not fixed: the menu decides; unknown paths go to /401. */
export default function MenuScreen() {
  const { pathname } = useLocation();
  const { pages } = useShell();
  const m = matchPage(pathname, pages);
  if (!m) return <Navigate to="/401" replace />;
  return <ScreenHost componentKey={m.route.component} title={m.route.title} />;
}
