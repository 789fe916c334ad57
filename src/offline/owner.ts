/**
 * Whose write an outbox item is. The server keys a write's identity (and its Idempotency-Key) to
 * the session that sends it, so an item must only ever be sent while its own user is signed in:
 * after a sign-out, the next user's session would otherwise send it under the wrong identity.
 * This module has no Dexie import so the app shell can configure it without loading the store.
 */
export interface OutboxOwner {
  loginId: string;
  domain: string;
}

let provider: () => OutboxOwner | null = () => null;

/**
 * The app installs how to read the signed-in user (src/offline never reaches into src/app). It is
 * read live, at enqueue time and before every send, so a sign-in in another tab (which shares the
 * session) stops this tab's engine from sending the previous user's items.
 */
export function configureOutboxOwner(read: () => OutboxOwner | null): void {
  provider = read;
}

export function currentOutboxOwner(): OutboxOwner | null {
  return provider();
}

let headersProvider: () => Record<string, string> = () => ({});

/**
 * Headers a write keeps from the moment it is queued: on a front-desk device, the person switched
 * in then (X-Device-Operator), so the write is recorded as theirs whoever is switched in when it
 * is sent. The app installs it like the owner.
 */
export function configureOutboxHeaders(read: () => Record<string, string>): void {
  headersProvider = read;
}

export function currentOutboxHeaders(): Record<string, string> {
  return headersProvider();
}

export function sameOwner(a: OutboxOwner | null | undefined, b: OutboxOwner | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.loginId === b.loginId && (a.domain ?? '') === (b.domain ?? '');
}

/**
 * Whether `user`'s session may send an item owned by `itemOwner`. Items queued before items had
 * owners (no `user`) belong to whoever signs in first: the engine adopts them on its first flush.
 */
export function mayBeSentBy(itemOwner: OutboxOwner | null | undefined, user: OutboxOwner | null): boolean {
  return !itemOwner || sameOwner(itemOwner, user);
}

/** The drawer's note on another user's item. */
export function otherOwnerNote(owner: OutboxOwner): string {
  return `属于其他用户（${owner.loginId}），该用户登录后发送`;
}
