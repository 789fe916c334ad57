import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** 薪酬提成 (src/contract/menus/employee_pay.ts): one screen shape for the five kinds of pay. */
export const screens: Record<string, Loader> = {
  'employee_pay/pay_bc': () => import('./PayScreens').then((m) => ({ default: m.BcScreen })),
  'employee_pay/pay_bm': () => import('./PayScreens').then((m) => ({ default: m.BmScreen })),
  'employee_pay/pay_bmbc': () => import('./PayScreens').then((m) => ({ default: m.BmbcScreen })),
  'employee_pay/pay_mk': () => import('./PayScreens').then((m) => ({ default: m.MkScreen })),
  'employee_pay/pay_lt_fee': () => import('./PayScreens').then((m) => ({ default: m.LtFeeScreen })),
};
