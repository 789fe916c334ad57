import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** 财务管理 (src/contract/menus/finance.ts and finance-flows.ts); the other screens are `resource/<name>`. */
export const screens: Record<string, Loader> = {
  'finance/student_accounts': () => import('./StudentAccountsScreen'),
  'finance/receipts': () => import('./ReceiptsScreen'),
  'finance/deposits': () => import('./DepositsScreen'),
  // reports and dashboard: their chunks alone load the chart library (reportParts.tsx)
  'finance/reports': () => import('./ReportScreen'),
  'finance/finance_dashboard': () => import('./DashboardScreen'),
  'finance/month_close': () => import('./MonthCloseScreen'),
  // payment channels (menus/finance-flows.ts)
  'finance/flowing': () => import('./FlowingScreen'),
  'finance/yb_flowing': () => import('./FlowScreens').then((m) => ({ default: m.YbFlowScreen })),
  'finance/ysepay_flowing': () => import('./FlowScreens').then((m) => ({ default: m.YsepayFlowScreen })),
  'finance/ysepay_qr_flowing': () => import('./FlowScreens').then((m) => ({ default: m.YsepayQrFlowScreen })),
  'finance/happy_pay_flowing': () => import('./FlowScreens').then((m) => ({ default: m.HappyPayFlowScreen })),
  'finance/generic_flowing': () => import('./FlowScreens').then((m) => ({ default: m.GenericFlowScreen })),
  'finance/reconciliation': () => import('./ReconciliationScreen'),
  'finance/invoice': () => import('./InvoiceScreen'),
  'finance/gift_exchange': () => import('./GiftExchangeScreen'),
};
