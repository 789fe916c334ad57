import type { AppConfig } from './config';
import { openDatabase, type OpenedDatabase } from './db/index';
import { migrate } from './db/migrate';
import { isEmpty, loadMenuSeeds, seedDemo, seedProduction } from './db/seed';
import { syncMenus } from './db/seed/menu-sync';
import { RESOURCES } from '../src/contract/resources';

/** Opens, migrates and (on an empty database) seeds: what main.ts and the bench share. */
export async function prepareDatabase(config: AppConfig): Promise<OpenedDatabase & { seeded: boolean }> {
  if (config.production && !config.adminInitialPassword) {
    throw new Error('生产模式需要环境变量 ADMIN_INITIAL_PASSWORD（首个管理员的初始密码）');
  }
  const opened = openDatabase(config);
  try {
    await migrate(opened.db, RESOURCES);
    let seeded = false;
    if (await isEmpty(opened.db)) {
      if (config.production) await seedProduction(opened.db, config.adminInitialPassword as string);
      else if (config.demo) await seedDemo(opened.db);
      seeded = true;
    } else {
      // An existing installation receives the menus and buttons of new screens; what its
      // administrators changed stays as they left it (see syncMenus).
      const seeds = await loadMenuSeeds();
      await opened.db.transaction().execute((trx) => syncMenus(trx, seeds));
    }
    return { ...opened, seeded };
  } catch (err) {
    await opened.close();
    throw err;
  }
}
