import type { Generated } from 'kysely';
import type { BaseColumns } from './schema';

/** Core tables (migration 0001): users, roles, menus, organisations, sessions, option sets. */

export interface UserTable extends BaseColumns {
  login_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  sex: number | null;
  password_hash: string;
  /** 1 active, 0 disabled */
  state: Generated<number>;
  failed_count: Generated<number>;
  /** epoch milliseconds; null when not locked */
  locked_until: number | null;
  must_change_password: Generated<number>;
  /** attachment id */
  avatar: string | null;
  city: string | null;
  org_id: number | null;
  domain: Generated<string>;
  remark: string | null;
  del_flag: Generated<number>;
}

export interface RoleTable extends BaseColumns {
  code: string;
  name: string;
  /** the role sees every campus (besides the option set all_school_roles) */
  all_schools: Generated<number>;
  order_num: Generated<number>;
  state: Generated<number>;
  remark: string | null;
}

export interface UserRoleTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
}

export interface MenuTable extends BaseColumns {
  name: string;
  code: string;
  url: string | null;
  component: string | null;
  parent: number;
  inheritance: string;
  icon: string | null;
  order_num: number;
  perms: string | null;
  type: number;
  hidden: number;
  meta: string | null;
  active_menu: string | null;
  del_flag: Generated<number>;
}

export interface RoleMenuTable {
  id: Generated<number>;
  role_id: number;
  menu_id: number;
}

/** head office → cities / sub companies → schools (campuses); departments hang anywhere. */
export type OrgKind = 'head' | 'city' | 'school' | 'department';

export interface OrganisationTable extends BaseColumns {
  name: string;
  code: string | null;
  parent_id: number;
  inheritance: string;
  kind: OrgKind;
  order_num: Generated<number>;
  leader: string | null;
  phone: string | null;
  address: string | null;
  state: Generated<number>;
  remark: string | null;
  del_flag: Generated<number>;
}

export interface UserSchoolTable {
  id: Generated<number>;
  user_id: number;
  school_id: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  login_id: string;
  domain: string;
  created_at: string;
  created_ms: number;
  last_seen_ms: number;
  expires_ms: number;
  revoked: Generated<number>;
  /** third-party sign-in: the provider's id_token, for its end-session hint */
  id_token: string | null;
  ip: string | null;
}

export interface IdempotencyKeyTable {
  id: Generated<number>;
  idem_key: string;
  user_id: number;
  method: string;
  path: string;
  body_hash: string;
  response: string;
  created_at: string;
}

export interface OptionSetTable extends BaseColumns {
  code: string;
  name: string;
  /** JSON list of {value, text} (or, for micro_apis, the service base address) */
  value: string;
  remark: string | null;
}

declare module './schema' {
  interface Database {
    users: UserTable;
    roles: RoleTable;
    user_roles: UserRoleTable;
    menus: MenuTable;
    role_menus: RoleMenuTable;
    organisations: OrganisationTable;
    user_schools: UserSchoolTable;
    sessions: SessionTable;
    idempotency_keys: IdempotencyKeyTable;
    option_sets: OptionSetTable;
  }
}
