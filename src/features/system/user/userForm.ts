import { PASSWORD_RULE_MSG } from '../../../contract/session';
import { looksMasked } from '../../../contract/mask';
import type { FormErrors } from '../shared/formState';

export interface UserRow extends Record<string, unknown> {
  id: number;
  login_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  sex: number | null;
  state: number;
  org_id: number | null;
  remark?: string | null;
  roles: number[];
  schools: number[];
}

export interface UserFormValues extends Record<string, unknown> {
  id?: number;
  login_id: string;
  password: string;
  name: string;
  phone: string;
  email: string;
  sex: string;
  org_id: string;
  roles: string;
  schools: string;
  state: boolean;
  remark: string;
}

export function emptyUserForm(): UserFormValues {
  return { login_id: '', password: '', name: '', phone: '', email: '', sex: '', org_id: '', roles: '', schools: '', state: true, remark: '' };
}

export function userFormOf(r: UserRow): UserFormValues {
  return {
    id: r.id,
    login_id: r.login_id,
    password: '',
    name: r.name,
    phone: r.phone ?? '',
    email: r.email ?? '',
    sex: r.sex ? String(r.sex) : '',
    org_id: r.org_id ? String(r.org_id) : '',
    roles: (r.roles ?? []).join(','),
    schools: (r.schools ?? []).join(','),
    state: Number(r.state) === 1,
    remark: r.remark ?? '',
  };
}

export function isStrongPassword(p: string): boolean {
  return p.length >= 8 && p.length <= 64 && /[A-Za-z]/.test(p) && /\d/.test(p);
}

export function validateUser(v: UserFormValues): FormErrors<UserFormValues> {
  const e: FormErrors<UserFormValues> = {};
  const adding = v.id === undefined;
  if (adding) {
    if (!v.login_id.trim()) e.login_id = '请输入账号';
    else if (!/^[A-Za-z0-9_.@-]+$/.test(v.login_id.trim())) e.login_id = '账号只能包含字母、数字和 _ . @ -';
    if (!v.password) e.password = '请输入密码';
    else if (!isStrongPassword(v.password)) e.password = PASSWORD_RULE_MSG;
  }
  if (!v.name.trim()) e.name = '请输入姓名';
  // a masked phone (138****1234) sent back unchanged keeps the stored one (server/lib/mask.ts)
  if (v.phone.trim() && !/^1\d{10}$/.test(v.phone.trim()) && !looksMasked(v.phone.trim())) e.phone = '手机号须为11位数字';
  if (v.email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email.trim())) e.email = '邮箱格式不正确';
  if (!v.roles) e.roles = '请选择角色';
  return e;
}

const ids = (s: string) => s.split(',').filter(Boolean).map(Number);

export function userBody(v: UserFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    phone: v.phone.trim() || null,
    email: v.email.trim() || null,
    sex: v.sex ? Number(v.sex) : null,
    org_id: v.org_id ? Number(v.org_id) : null,
    roles: ids(v.roles),
    schools: ids(v.schools),
    state: v.state ? 1 : 0,
    remark: v.remark.trim() || null,
  };
  if (v.id !== undefined) body.id = v.id;
  else {
    body.login_id = v.login_id.trim();
    body.password = v.password;
  }
  return body;
}
