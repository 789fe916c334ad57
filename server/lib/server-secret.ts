import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

interface ServerSecretTable {
  name: string;
  value: string;
}

declare module '../db/schema' {
  interface Database {
    server_secrets: ServerSecretTable;
  }
}

// Per database: tests run several in-memory databases in one process.
const cache = new WeakMap<Kysely<Database>, Map<string, Promise<Buffer>>>();

async function loadOrCreate(db: Kysely<Database>, name: string): Promise<Buffer> {
  // Whoever inserts first wins; every process then reads the same value.
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/**
 * A server secret: the configured one when given (shared by hand between installations), else
 * 32 random bytes made once and kept in the database.
 */
export function serverSecret(db: Kysely<Database>, name: string, configured?: string): Promise<Buffer> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let secret = perDb.get(name);
  if (!secret) {
    secret = loadOrCreate(db, name);
    perDb.set(name, secret);
    secret.catch(() => perDb.delete(name));
  }
  return secret;
}
