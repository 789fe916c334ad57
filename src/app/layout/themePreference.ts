import { DEFAULT_THEME, SIDEBAR_THEMES } from '../../components/session';

const THEME_KEY = 'campus-desk.sidebar_theme';

export function readTheme(): string {
  const v = localStorage.getItem(THEME_KEY);
  return v && SIDEBAR_THEMES.some((t) => t.key === v) ? v : DEFAULT_THEME;
}

export function writeTheme(key: string): void {
  localStorage.setItem(THEME_KEY, key);
}
