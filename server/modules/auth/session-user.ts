import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../../../src/contract/session';
import { loadAccess } from '../../lib/principal';
import type { NewSession } from '../../lib/sessions';
import { topMessagesOf } from '../../lib/top-messages';
import '../../db/core-schema';

/** The session user of spec doc 000 §3 for a freshly issued session. */
export async function sessionUserOf(db: Kysely<Database>, userId: number, session: NewSession, domain: string): Promise<SessionUser> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const access = await loadAccess(db, userId);
  const msgs = await topMessagesOf(db, userId);
  const out: SessionUser = {
    id: u.id,
    token: session.token,
    name: u.name,
    avatar: u.avatar,
    login_id: u.login_id,
    domain,
    roles: access.roles,
    isAdmin: access.superuser,
    city: u.city,
    unread_msg_number: msgs.unread,
    top_msg: msgs.top,
    session_expires_ms: session.expiresMs,
    server_now_ms: Date.now(),
  };
  if (u.must_change_password === 1) out.must_change_password = true;
  return out;
}
