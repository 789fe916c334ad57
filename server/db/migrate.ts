import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { ResourceDef } from '../../src/contract/resource';
import { syncResourceTables } from './resource-tables';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const NAME_RE = /^(\d{4}_[a-z0-9_]+)\.ts$/;

/**
 * Migrations are the files `server/db/migrations/NNNN_<name>.ts` exporting `up(db)`. They are
 * found by listing that folder, so an area adds its migration without touching a shared list.
 * Numbered by area block: 0001-0099 core, 0100-0199 system extras, 0200-0299 classes, 0300+ others.
 */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => NAME_RE.test(f)).sort();
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration;
      if (typeof mod.up !== 'function') throw new Error(`迁移文件 ${file} 没有导出 up(db)`);
      out[file.replace(/\.ts$/, '')] = { up: mod.up, down: mod.down };
    }
    return out;
  }
}

/** Applies pending migrations, then creates/extends the tables of resource declarations. */
export async function migrate<DB>(database: Kysely<DB>, resources: readonly ResourceDef[]): Promise<void> {
  const db = database as unknown as Kysely<unknown>;
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${reason}`);
  }
  await syncResourceTables(db, resources);
}
