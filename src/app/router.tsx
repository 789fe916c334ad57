import { createHashRouter, Navigate } from 'react-router-dom';
import { SessionGate } from './session/SessionGate';
import { RouteFallback } from './pages/RouteFallback';
import { RouteErrorPage } from './pages/RouteErrorPage';
// In the entry chunk: the sign-in page must not wait for a second round of script loading.
import LoginPage from './pages/LoginPage';
import { withRestStyles } from './layout/restStyles';

/**
 * Hash routing: the server serves index.html for `/` only and single sign-on returns to /#/auth/redirect.
 * Fixed routes of spec doc 000 §2; everything else inside the layout is matched against the menu.
 * Pages other than sign-in load lazily, so the sign-in route stays small.
 */
export const router = createHashRouter([
  {
    element: <SessionGate />,
    hydrateFallbackElement: <RouteFallback />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', Component: LoginPage },
      { path: '/forgot-password', lazy: () => import('./pages/ForgotPasswordPage').then((m) => ({ Component: m.default })) },
      { path: '/auth/login', lazy: () => import('./pages/AuthLoginPage').then((m) => ({ Component: m.default })) },
      { path: '/auth/redirect', lazy: () => import('./pages/AuthRedirectPage').then((m) => ({ Component: m.default })) },
      // a front-desk tablet in device mode (issue 11): outside the layout, no person's session
      { path: '/device', lazy: () => import('./pages/DeviceRoute').then((m) => ({ Component: m.default })) },
      { path: '/401', lazy: () => import('./pages/ErrorPage').then((m) => ({ Component: m.Error401 })) },
      { path: '/404', lazy: () => import('./pages/ErrorPage').then((m) => ({ Component: m.Error404 })) },
      { path: '/error/:status', lazy: () => import('./pages/ErrorPage').then((m) => ({ Component: m.ErrorStatus })) },
      {
        path: '/',
        lazy: () => import('./layout/MainLayout').then((m) => ({ Component: m.default })),
        // the layout's own pages come with the rest of Mantine's stylesheets (layout/restStyles)
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'settings', lazy: withRestStyles(() => import('../features/account/SettingsPage').then((m) => ({ Component: m.default }))) },
          { path: 'user_notice', lazy: withRestStyles(() => import('../features/account/UserNoticePage').then((m) => ({ Component: m.default }))) },
          { path: 'system/base/guide', lazy: withRestStyles(() => import('../features/account/GuidePage').then((m) => ({ Component: m.default }))) },
          { path: 'class_degree', lazy: withRestStyles(() => import('./pages/ClassDegreeRoute').then((m) => ({ Component: m.default }))) },
          { path: 'wf/clockIn', lazy: withRestStyles(() => import('./pages/ClockInRoute').then((m) => ({ Component: m.default }))) },
          { path: 'task/task_center/apply', lazy: withRestStyles(() => import('./pages/TaskCenterRoute').then((m) => ({ Component: m.TaskApplyRoute }))) },
          { path: 'task/task_center/approval', lazy: withRestStyles(() => import('./pages/TaskCenterRoute').then((m) => ({ Component: m.TaskApprovalRoute }))) },
          { path: '*', lazy: () => import('./pages/MenuScreen').then((m) => ({ Component: m.default })) },
        ],
      },
      { path: '*', element: <Navigate to="/401" replace /> },
    ],
  },
]);
