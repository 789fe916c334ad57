import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppConfig } from '../../config';
import { dataSubdir } from '../../lib/files';
import { nowText } from '../../lib/time';

/** Deleted attachments keep their files this long (a mistaken delete can still be put right by hand). */
export const DELETED_KEEP_DAYS = 7;
const BATCH = 500;

/**
 * Removes the files of attachments deleted more than `keepDays` ago, then their rows. The delete
 * call only hides the row (its transaction may still roll back), so files go here, later. Safe to
 * run in every WORKERS process at once: removing a missing file or row does nothing.
 */
export async function sweepDeletedAttachments(db: Kysely<Database>, dir: string, nowMs = Date.now(), keepDays = DELETED_KEEP_DAYS): Promise<number> {
  const cutoff = nowText(nowMs - keepDays * 86_400_000);
  let removed = 0;
  for (;;) {
    const rows = await db.selectFrom('sys_attachment').select(['id', 'stored_name']).where('del_flag', '=', 1).where('updated_at', '<', cutoff).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return removed;
    for (const r of rows) {
      // a stored name is a UUID the server made; anything else is not ours to remove
      if (/^[0-9a-f-]{36}$/.test(r.stored_name)) await rm(path.join(dir, r.stored_name), { force: true });
    }
    await db.deleteFrom('sys_attachment').where('id', 'in', rows.map((r) => r.id)).execute();
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** Runs the sweep at start and every six hours in a server process; a failure is logged, not thrown. */
export function scheduleAttachmentSweep(db: Kysely<Database>, config: Pick<AppConfig, 'dataDir'>): () => void {
  const dir = dataSubdir(config, 'attachments');
  const run = (): void => {
    sweepDeletedAttachments(db, dir).catch((err: unknown) => console.error(`清理已删除附件失败: ${err instanceof Error ? err.message : String(err)}`));
  };
  const first = setTimeout(run, 10_000);
  const every = setInterval(run, 6 * 3_600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
