import { callPath, type FieldDef, type ResourceDef } from './resource';
import { RESOURCES, resourceByName } from './resources';

/** What a relation needs to know of its target, declared or hand-written. */
export interface RefTarget {
  name: string;
  /** Chinese name of the entity, for `该{title}已被…使用` */
  title: string;
  table: string;
  scope: 'school' | 'global';
  softDelete: boolean;
  /** page call relative to api/v1 (the select searches it one page at a time) */
  pagePath: string;
  pageMethod: 'GET' | 'POST_FORM';
  /** the page's filter a typed text goes into (a `like` search on the first label column) */
  searchParam?: string;
  /** the declaration, when the target is declared */
  def?: ResourceDef;
}

/**
 * Targets answered by hand-written handlers, which relations may still name (teachers are users).
 * A user belongs to campuses through user_schools, so a relation to a user is not campus-checked.
 */
const HAND_WRITTEN: Readonly<Record<string, Omit<RefTarget, 'name'>>> = {
  sys_user: { title: '用户', table: 'users', scope: 'global', softDelete: true, pagePath: 'system/find_user_page', pageMethod: 'GET', searchParam: 'name' },
  system_role: { title: '角色', table: 'roles', scope: 'global', softDelete: false, pagePath: 'system/find_role_page', pageMethod: 'GET', searchParam: 'name' },
  // the marketing funnel's staff selects (邀约人, 接待人, 授课老师 …): names only, of the caller's
  // campuses, read by the funnel's screens, so telemarketers pick colleagues without the user list
  mkt_staff: { title: '员工', table: 'users', scope: 'global', softDelete: true, pagePath: 'mkt_funnel/staff_page', pageMethod: 'GET', searchParam: 'name' },
};

function searchParamOf(def: ResourceDef, column: string | undefined): string | undefined {
  if (column && def.fields[column]?.search) return column;
  return Object.entries(def.fields).find(([, f]) => f.search === 'like')?.[0];
}

export function refTarget(name: string): RefTarget | undefined {
  const def = resourceByName(name);
  if (!def) {
    const hand = HAND_WRITTEN[name];
    return hand ? { name, ...hand } : undefined;
  }
  const pagePath = callPath(def, 'page');
  if (!pagePath) return undefined;
  return {
    name,
    title: def.title,
    table: def.table,
    scope: def.scope,
    softDelete: def.softDelete === true,
    pagePath,
    pageMethod: def.pageMethod ?? 'GET',
    searchParam: searchParamOf(def, undefined),
    def,
  };
}

/** The select's search parameter for a relation: its first label column when the target searches it. */
export function refSearchParam(field: FieldDef): string | undefined {
  if (!field.ref) return undefined;
  const target = refTarget(field.ref.resource);
  if (!target) return undefined;
  return target.def ? searchParamOf(target.def, field.ref.label[0]) : target.searchParam;
}

/** A declared relation: which resource's field points at which target. */
export interface RefUse {
  def: ResourceDef;
  field: string;
  spec: FieldDef;
}

/** Every declared relation to `target` (deleting a row of it checks them). */
export function refsTo(target: string): RefUse[] {
  const out: RefUse[] = [];
  for (const def of RESOURCES) {
    for (const [field, spec] of Object.entries(def.fields)) if (spec.ref?.resource === target) out.push({ def, field, spec });
  }
  return out;
}
