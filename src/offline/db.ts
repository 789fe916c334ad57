import { Dexie, type EntityTable } from 'dexie';
import type { TreeNode, MenuRouteTag } from '../contract/menu';
import type { OutboxOwner } from './owner';

/** The signed-in user's menu as last loaded online, so the app can start and route offline. */
export interface MenuRecord {
  userId: number;
  tree: TreeNode<MenuRouteTag>[];
  /** operation codes (menus of type 2) */
  codes: string[];
  savedAt: number;
}

/** A reference list (option set by code, the user's schools, today's classes, rosters). */
export interface RefListRecord<T = unknown> {
  key: string;
  value: T;
  savedAt: number;
}

export type OutboxState = 'pending' | 'sending' | 'rejected' | 'done';

/** A write queued to reach the server; order of `id` is the order of sending. */
export interface OutboxItem {
  id: number;
  url: string;
  method: 'POST';
  /** JSON body, sent as is */
  body: unknown;
  idempotencyKey: string;
  /** what kind of write, e.g. 'feedback', 'check_in', 'clock_in' */
  kind: string;
  /** Chinese description shown in the outbox panel */
  label: string;
  createdAt: number;
  attempts: number;
  /** epoch ms before which the item is not tried again (backoff) */
  nextAttemptAt: number;
  lastError: string | null;
  state: OutboxState;
  /** set when the item reached `done` (kept briefly so waiting screens see the outcome) */
  doneAt: number | null;
  /**
   * The user who queued it; only that user's session sends it. Absent on items queued before
   * owners existed: the first user to sign in adopts them (see owner.ts).
   */
  user?: OutboxOwner | null;
  /** headers sent with it, fixed when queued (a front-desk device's person: offline/owner.ts) */
  headers?: Record<string, string>;
}

/** A cross-tab lease: the tab holding it is the only one sending the outbox. */
export interface LeaseRecord {
  name: string;
  owner: string;
  expiresAt: number;
}

export type OfflineDb = Dexie & {
  menus: EntityTable<MenuRecord, 'userId'>;
  refLists: EntityTable<RefListRecord, 'key'>;
  outbox: EntityTable<OutboxItem, 'id'>;
  leases: EntityTable<LeaseRecord, 'name'>;
};

export const OFFLINE_DB_NAME = 'campus-desk';

/** Opens (lazily) the offline database; tests pass their own name or a second instance to play a second tab. */
export function createOfflineDb(name: string = OFFLINE_DB_NAME): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  db.version(1).stores({
    menus: 'userId',
    refLists: 'key',
    outbox: '++id, [state+id], idempotencyKey',
    leases: 'name',
  });
  return db;
}

let shared: OfflineDb | null = null;

/** The app's one database instance. */
export function offlineDb(): OfflineDb {
  if (!shared) shared = createOfflineDb();
  return shared;
}
