import { lazy, Suspense } from 'react';
import { HOME_DASHBOARD_CODES, type HomeDashboardKind } from '../../contract/home-dashboards';
import { useHasPermission } from '../../components/session';

// The dashboards' chunk loads only for a user holding a dashboard code: front desk and the
// other roles without one keep the plain 首页 and load nothing more.
const Dashboards = lazy(() => import('./Dashboards'));

const KINDS = Object.keys(HOME_DASHBOARD_CODES) as HomeDashboardKind[];

/** The 首页 dashboards the signed-in user is entitled to (each by its own operation code). */
export default function DashboardsSlot() {
  const may = useHasPermission();
  const kinds = KINDS.filter((k) => may(HOME_DASHBOARD_CODES[k]));
  if (kinds.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Dashboards kinds={kinds} />
    </Suspense>
  );
}
