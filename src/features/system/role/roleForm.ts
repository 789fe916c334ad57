import type { FormErrors } from '../shared/formState';

export interface RoleRow extends Record<string, unknown> {
  id: number;
  code: string;
  name: string;
  all_schools: number;
  order_num: number;
  state: number;
  remark: string | null;
}

export interface RoleFormValues extends Record<string, unknown> {
  id?: number;
  code: string;
  name: string;
  all_schools: boolean;
  order_num: string;
  state: boolean;
  remark: string;
}

export function emptyRoleForm(): RoleFormValues {
  return { code: '', name: '', all_schools: false, order_num: '0', state: true, remark: '' };
}

export function roleFormOf(r: RoleRow): RoleFormValues {
  return { id: r.id, code: r.code, name: r.name, all_schools: Number(r.all_schools) === 1, order_num: String(r.order_num ?? 0), state: Number(r.state) !== 0, remark: r.remark ?? '' };
}

export function validateRole(v: RoleFormValues): FormErrors<RoleFormValues> {
  const e: FormErrors<RoleFormValues> = {};
  if (!v.name.trim()) e.name = '请输入角色名称';
  if (!v.code.trim()) e.code = '请输入角色编码';
  else if (!/^[A-Za-z0-9_]+$/.test(v.code.trim())) e.code = '角色编码只能包含字母、数字和下划线';
  if (!/^-?\d+$/.test(v.order_num.trim())) e.order_num = '请输入数字';
  return e;
}

export function roleBody(v: RoleFormValues): Record<string, unknown> {
  return {
    ...(v.id !== undefined ? { id: v.id } : {}),
    code: v.code.trim(),
    name: v.name.trim(),
    all_schools: v.all_schools ? 1 : 0,
    order_num: Number(v.order_num.trim()),
    state: v.state ? 1 : 0,
    remark: v.remark.trim() || null,
  };
}

/** Data scope kinds of system_data_perssion/update. */
export const SCOPE_KINDS = [
  { value: '0', label: '不设置（按用户所属校区）' },
  { value: '1', label: '全部校区' },
  { value: '2', label: '指定校区/组织' },
];
