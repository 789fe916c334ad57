export { SessionProvider, useSession, useHasPermission, type NavEntry, type SessionValue } from './SessionContext';
export { SIDEBAR_THEMES, DEFAULT_THEME, themeOf, COLLAPSED_SIDEBAR_WIDTH, type SidebarTheme } from './themes';
