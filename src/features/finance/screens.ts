import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** 财务管理 (server/db/seed/menus/finance.ts). */
export const screens: Record<string, Loader> = {
  'finance/student_accounts': () => import('./StudentAccountsScreen'),
  'finance/receipts': () => import('./ReceiptsScreen'),
};
