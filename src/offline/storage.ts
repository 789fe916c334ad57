let asked = false;

/**
 * Asks the browser to keep this site's storage under pressure (outbox, menus, cached lists).
 * Called once after sign-in; answers whether storage is persistent.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    if (asked) return false;
    asked = true;
    return await storage.persist();
  } catch {
    return false;
  }
}
