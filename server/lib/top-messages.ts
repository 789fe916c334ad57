import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TopMessage } from '../../src/contract/session';

/**
 * The session user carries the unread count and the top messages. The messages module owns those
 * tables and registers how to read them; without it the answer is 0 and [].
 */
export type TopMessagesProvider = (db: Kysely<Database>, userId: number) => Promise<{ unread: number; top: TopMessage[] }>;

let provider: TopMessagesProvider | undefined;

export function setTopMessagesProvider(fn: TopMessagesProvider | undefined): void {
  provider = fn;
}

export async function topMessagesOf(db: Kysely<Database>, userId: number): Promise<{ unread: number; top: TopMessage[] }> {
  return provider ? provider(db, userId) : { unread: 0, top: [] };
}
