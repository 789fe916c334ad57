/** The tab strip of visited pages (spec doc 000 §2). */
export interface Tab {
  /** pathname: one tab per page */
  path: string;
  /** pathname plus search, to reopen the page as it was */
  fullPath: string;
  title: string;
  /** fixed tabs (首页) cannot be closed */
  fixed: boolean;
}

export type TabAction =
  | { type: 'open'; tab: Tab }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' };

export function tabsReducer(tabs: readonly Tab[], action: TabAction): Tab[] {
  switch (action.type) {
    case 'open': {
      const i = tabs.findIndex((t) => t.path === action.tab.path);
      if (i >= 0) {
        const cur = tabs[i];
        const next = { ...cur, fullPath: action.tab.fullPath, title: action.tab.title || cur.title };
        if (next.fullPath === cur.fullPath && next.title === cur.title) return tabs as Tab[];
        return tabs.map((t, j) => (j === i ? next : t));
      }
      if (action.tab.fixed) {
        const lastFixed = tabs.reduce((acc, t, j) => (t.fixed ? j : acc), -1);
        return [...tabs.slice(0, lastFixed + 1), action.tab, ...tabs.slice(lastFixed + 1)];
      }
      return [...tabs, action.tab];
    }
    case 'close':
      return tabs.filter((t) => t.fixed || t.path !== action.path);
    case 'closeOthers':
      return tabs.filter((t) => t.fixed || t.path === action.path);
    case 'closeAll':
      return tabs.filter((t) => t.fixed);
  }
}

/** Where to go when the active tab is closed: the last tab left, else home. */
export function nextPathAfterClose(remaining: readonly Tab[]): string {
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : '/home';
}

export const TABS_STORAGE_KEY = 'campus-desk.tabs';

/** Tabs kept across a reload (session storage: per browser tab, gone when it closes). */
export function loadTabs(storage: Storage = sessionStorage): Tab[] {
  try {
    const v: unknown = JSON.parse(storage.getItem(TABS_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(v)) return [];
    return v.filter(
      (t): t is Tab =>
        !!t && typeof t === 'object' && typeof (t as Tab).path === 'string' && typeof (t as Tab).fullPath === 'string' && typeof (t as Tab).title === 'string',
    ).map((t) => ({ ...t, fixed: !!t.fixed }));
  } catch {
    return [];
  }
}

export function saveTabs(tabs: readonly Tab[], storage: Storage = sessionStorage): void {
  storage.setItem(TABS_STORAGE_KEY, JSON.stringify(tabs));
}
