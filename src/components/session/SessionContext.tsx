import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { SessionUser } from '../../contract/session';
import { hasPermission } from '../../lib/permissions';

/** A visible menu entry, for screens that link to what the user may open (home quick links). */
export interface NavEntry {
  path: string;
  title: string;
  icon: string | null;
  /** titles of the directories above it */
  section: string[];
}

/** What the app shell shares with components and features about the signed-in user. */
export interface SessionValue {
  user: SessionUser;
  operations: ReadonlySet<string>;
  navEntries: readonly NavEntry[];
  /** stores changed user fields (avatar, city) in the session */
  updateUser(patch: Partial<SessionUser>): void;
  logout(): void;
  /** sidebar theme key (default, 1ABC9C, 7266BA, FF6B07, zise) */
  theme: string;
  setTheme(theme: string): void;
  openFeedback(): void;
  openChangePassword(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ value, children }: { value: SessionValue; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession 必须在已登录的布局内使用');
  return v;
}

/** `hasPermission(code)` for the signed-in user. Outside a session nothing is permitted. */
export function useHasPermission(): (code: string) => boolean {
  const v = useContext(SessionContext);
  const ops = v?.operations;
  return useCallback((code: string) => (ops ? hasPermission(code, ops) : false), [ops]);
}
