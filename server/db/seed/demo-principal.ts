import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { Principal } from '../../lib/context';
import { loadAccess } from '../../lib/principal';
import '../core-schema';

/**
 * A demo user as the caller of an area's own code, without a session: the demo seeds that make
 * their history through the real calls (学员导入, 资源导入) act as the person the history names, so
 * their scope, checks and audit are that person's. None when the demo has no such user.
 */
export async function demoPrincipal(db: Kysely<Database>, login: string): Promise<Principal | undefined> {
  const user = await db.selectFrom('users').select(['id', 'name', 'login_id']).where('login_id', '=', login).executeTakeFirst();
  if (!user) return undefined;
  return { ...(await loadAccess(db, user.id)), userId: user.id, loginId: user.login_id, domain: '', name: user.name, tokenHash: '', mustChangePassword: false };
}
