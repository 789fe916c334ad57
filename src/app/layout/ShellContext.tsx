import { createContext, useContext } from 'react';
import type { AppRoute, PageRoute } from '../routes/menuRoutes';
import type { Tab } from './tabs';

/** What the layout shares with the route elements inside it. */
export interface ShellValue {
  routes: AppRoute[];
  pages: PageRoute[];
  tabs: Tab[];
  refreshTab(path: string): void;
  closeTab(path: string): void;
  closeOtherTabs(path: string): void;
  closeAllTabs(): void;
}

export const ShellContext = createContext<ShellValue | null>(null);

export function useShell(): ShellValue {
  const v = useContext(ShellContext);
  if (!v) throw new Error('useShell 必须在主布局内使用');
  return v;
}
