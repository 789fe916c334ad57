import { api } from '../../../api/client';
import type { Page } from '../../../contract/envelope';
import { MAX_ROWS } from '../../../contract/paging';
import { emptyUserForm, type UserFormValues, type UserRow } from './userForm';

/**
 * A user template (系统管理 / 用户模板) lists model users as its details. Creating a user from it
 * starts the form with what those users have: every role and campus of any of them, and the
 * organisation of the first one that has one. Account, name and password are still the new
 * user's own.
 */
export function formFromTemplate(models: readonly Pick<UserRow, 'roles' | 'schools' | 'org_id'>[]): UserFormValues {
  const roles = new Set<number>();
  const schools = new Set<number>();
  let org: number | null = null;
  for (const m of models) {
    (m.roles ?? []).forEach((r) => roles.add(r));
    (m.schools ?? []).forEach((s) => schools.add(s));
    if (org === null && m.org_id) org = m.org_id;
  }
  return { ...emptyUserForm(), roles: [...roles].join(','), schools: [...schools].join(','), org_id: org ? String(org) : '' };
}

interface TemplateDetail {
  user_id: number;
}

/** The template's model users, read through the detail list and get_user. */
export async function loadTemplateModels(templateId: number): Promise<UserRow[]> {
  const page = await api.get<Page<TemplateDetail>>('api/v1/system/find_user_template_detail_page', { template_id: templateId, page: 1, rows: MAX_ROWS });
  const ids = [...new Set(page.content.map((d) => Number(d.user_id)).filter((n) => n > 0))];
  return Promise.all(ids.map((id) => api.get<UserRow>('api/v1/system/get_user', { id })));
}
