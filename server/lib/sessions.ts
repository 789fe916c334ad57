import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppConfig } from '../config';
import { nowText } from './time';
import '../db/core-schema';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url: 256 bits. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface NewSession {
  token: string;
  tokenHash: string;
  /** the absolute expiry (epoch ms): no use of the session extends it */
  expiresMs: number;
}

/** Stores a new session (only the token's hash) and answers the token. */
export async function createSession(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'sessionAbsoluteHours'>,
  user: { id: number; login_id: string; domain: string },
  extra: { ip?: string | null; idToken?: string | null } = {},
): Promise<NewSession> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const now = Date.now();
  const expiresMs = now + config.sessionAbsoluteHours * 3600_000;
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      user_id: user.id,
      login_id: user.login_id,
      domain: user.domain,
      created_at: nowText(now),
      created_ms: now,
      last_seen_ms: now,
      expires_ms: expiresMs,
      id_token: extra.idToken ?? null,
      ip: extra.ip ?? null,
    })
    .execute();
  return { token, tokenHash, expiresMs };
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked: 1 }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeUserSessions(db: Kysely<Database>, userId: number, exceptHash?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked: 1 }).where('user_id', '=', userId);
  if (exceptHash) q = q.where('token_hash', '!=', exceptHash);
  await q.execute();
}
