import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppConfig } from '../config';
import type { DialectName } from '../db/dialect';

/** Who is calling: resolved from the session on every authenticated request. */
export interface Principal {
  userId: number;
  loginId: string;
  domain: string;
  name: string;
  roleIds: readonly number[];
  roleCodes: readonly string[];
  /** operation codes (type-2 menu codes) granted through the user's roles */
  perms: ReadonlySet<string>;
  /** codes of every menu granted through the roles (screens too): what the caller may read */
  menuCodes: ReadonlySet<string>;
  /** has RC999: passes every permission check and sees every school */
  superuser: boolean;
  /** a role's code is in the option set all_school_roles */
  allSchools: boolean;
  /** campuses the user works in (user_schools) */
  schoolIds: readonly number[];
  tokenHash: string;
  mustChangePassword: boolean;
  /**
   * Set when the call comes from a front-desk device (device-auth.ts): the device, its one campus;
   * the principal is then the person switched in with a PIN (userId 0 before anyone is).
   */
  device?: { id: number; name: string; schoolId: number };
}

export type AppEnv = {
  Variables: {
    /** for POST under /api/v1: the request transaction; otherwise the database */
    db: Kysely<Database>;
    principal: Principal;
  };
};

export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: AppConfig;
}
