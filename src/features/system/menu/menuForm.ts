import { MENU_TYPE, type Menu } from '../../../contract/menu';
import type { FormErrors } from '../shared/formState';

/** The menu dialog's values, as the inputs hold them (text), spec doc 000 §3 and §5. */
export interface MenuFormValues extends Record<string, unknown> {
  id?: number;
  parent: string;
  type: '0' | '1' | '2';
  name: string;
  code: string;
  url: string;
  component: string;
  icon: string;
  order_num: string;
  hidden: '0' | '1';
  perms: string;
  active_menu: string;
  meta: string;
}

/** A new menu: type 1 (menu), hidden 0, order 0 (spec doc 000 §3); under the selected tree node if any. */
export function emptyMenuForm(parent = ''): MenuFormValues {
  return { parent, type: '1', name: '', code: '', url: '', component: '', icon: '', order_num: '0', hidden: '0', perms: '', active_menu: '', meta: '' };
}

/** Path, component, icon and metadata belong to directories and menus only, not to buttons. */
export function showsRouteFields(type: MenuFormValues['type']): boolean {
  return Number(type) === MENU_TYPE.DIRECTORY || Number(type) === MENU_TYPE.MENU;
}

const NUMBER_RE = /^-?\d+$/;

/** The §5 rules: 请输入编码, 请输入菜单名, 请输入路径 (when the path is shown), 请输入数字. */
export function validateMenu(v: MenuFormValues): FormErrors<MenuFormValues> {
  const errors: FormErrors<MenuFormValues> = {};
  if (!v.code.trim()) errors.code = '请输入编码';
  if (!v.name.trim()) errors.name = '请输入菜单名';
  if (showsRouteFields(v.type) && !v.url.trim()) errors.url = '请输入路径';
  if (!NUMBER_RE.test(v.order_num.trim())) errors.order_num = '请输入数字';
  return errors;
}

function textOrNull(s: string): string | null {
  const t = s.trim();
  return t === '' ? null : t;
}

/** The add_menu / update_menu body; a button carries no route fields. */
export function menuBody(v: MenuFormValues): Record<string, string | number | null> {
  const route = showsRouteFields(v.type);
  const body: Record<string, string | number | null> = {
    parent: v.parent ? Number(v.parent) : 0,
    type: Number(v.type),
    name: v.name.trim(),
    code: v.code.trim(),
    url: route ? textOrNull(v.url) : null,
    component: route ? textOrNull(v.component) : null,
    icon: route ? textOrNull(v.icon) : null,
    meta: route ? textOrNull(v.meta) : null,
    order_num: Number(v.order_num.trim()),
    hidden: Number(v.hidden),
    perms: Number(v.type) === MENU_TYPE.BUTTON ? textOrNull(v.perms) ?? v.code.trim() : textOrNull(v.perms),
    active_menu: route ? textOrNull(v.active_menu) : null,
  };
  if (v.id !== undefined) body.id = v.id;
  return body;
}

/** Edit copies the row into the form (spec doc 000 §4). */
export function menuFormOf(row: Menu): MenuFormValues {
  return {
    id: row.id,
    parent: row.parent ? String(row.parent) : '',
    type: String(row.type) as MenuFormValues['type'],
    name: row.name ?? '',
    code: row.code ?? '',
    url: row.url ?? '',
    component: row.component ?? '',
    icon: row.icon ?? '',
    order_num: String(row.order_num ?? 0),
    hidden: String(row.hidden ?? 0) as MenuFormValues['hidden'],
    perms: row.perms ?? '',
    active_menu: row.active_menu ?? '',
    meta: row.meta ?? '',
  };
}

export const MENU_TYPE_OPTIONS = [
  { value: '0', label: '目录' },
  { value: '1', label: '菜单' },
  { value: '2', label: '按钮' },
];
