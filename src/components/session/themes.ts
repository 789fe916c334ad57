/** Sidebar themes of personal settings (spec doc 000 §1, §9). */
export interface SidebarTheme {
  key: string;
  label: string;
  background: string;
  text: string;
  activeText: string;
  activeBackground: string;
  width: number;
}

export const SIDEBAR_THEMES: readonly SidebarTheme[] = [
  { key: 'default', label: '默认', background: '#304156', text: '#bfcbd9', activeText: '#409eff', activeBackground: '#263445', width: 160 },
  { key: '1ABC9C', label: '青绿', background: '#1abc9c', text: '#f4fffc', activeText: '#ffffff', activeBackground: '#16a085', width: 160 },
  { key: '7266BA', label: '紫色', background: '#7266ba', text: '#f1effa', activeText: '#ffffff', activeBackground: '#5d52a3', width: 160 },
  { key: 'FF6B07', label: '橙色', background: '#ff6b07', text: '#fff4ec', activeText: '#ffffff', activeBackground: '#db5900', width: 160 },
  { key: 'zise', label: '紫色宽版', background: '#2b1e3f', text: '#d9cdea', activeText: '#ffffff', activeBackground: '#4a3470', width: 210 },
];

export const DEFAULT_THEME = 'default';

export function themeOf(key: string | null | undefined): SidebarTheme {
  return SIDEBAR_THEMES.find((t) => t.key === key) ?? SIDEBAR_THEMES[0];
}

export const COLLAPSED_SIDEBAR_WIDTH = 54;
