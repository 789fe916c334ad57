import type { FormErrors } from '../shared/formState';

export const ORG_KINDS = [
  { value: 'head', label: '总部' },
  { value: 'city', label: '城市/分公司' },
  { value: 'school', label: '校区' },
  { value: 'department', label: '部门' },
];

export interface OrgRow extends Record<string, unknown> {
  id: number;
  name: string;
  code: string | null;
  parent_id: number;
  kind: string;
  kind_name?: string;
  order_num: number;
  leader: string | null;
  phone: string | null;
  address: string | null;
  state: number;
  remark: string | null;
}

export interface OrgFormValues extends Record<string, unknown> {
  id?: number;
  name: string;
  code: string;
  parent_id: string;
  kind: string;
  order_num: string;
  leader: string;
  phone: string;
  address: string;
  state: boolean;
  remark: string;
}

/** A new organisation, under the tree's selected node when there is one (most often a campus). */
export function emptyOrgForm(parent?: { id: string }): OrgFormValues {
  const kind = parent?.id ? 'school' : 'head';
  return { name: '', code: '', parent_id: parent?.id ?? '', kind, order_num: '0', leader: '', phone: '', address: '', state: true, remark: '' };
}

export function orgFormOf(r: OrgRow): OrgFormValues {
  return {
    id: r.id,
    name: r.name,
    code: r.code ?? '',
    parent_id: r.parent_id ? String(r.parent_id) : '',
    kind: r.kind,
    order_num: String(r.order_num ?? 0),
    leader: r.leader ?? '',
    phone: r.phone ?? '',
    address: r.address ?? '',
    state: Number(r.state) !== 0,
    remark: r.remark ?? '',
  };
}

export function validateOrg(v: OrgFormValues): FormErrors<OrgFormValues> {
  const e: FormErrors<OrgFormValues> = {};
  if (!v.name.trim()) e.name = '请输入组织名称';
  if (!v.kind) e.kind = '请选择类型';
  if (v.kind !== 'head' && !v.parent_id) e.parent_id = '请选择上级组织';
  if (!/^-?\d+$/.test(v.order_num.trim())) e.order_num = '请输入数字';
  if (v.phone.trim() && !/^[\d-]{7,20}$/.test(v.phone.trim())) e.phone = '电话格式不正确';
  return e;
}

export function orgBody(v: OrgFormValues): Record<string, unknown> {
  return {
    ...(v.id !== undefined ? { id: v.id } : {}),
    name: v.name.trim(),
    code: v.code.trim() || null,
    parent_id: v.parent_id ? Number(v.parent_id) : 0,
    kind: v.kind,
    order_num: Number(v.order_num.trim()),
    leader: v.leader.trim() || null,
    phone: v.phone.trim() || null,
    address: v.address.trim() || null,
    state: v.state ? 1 : 0,
    remark: v.remark.trim() || null,
  };
}
