import cluster from 'node:cluster';
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { loadConfig, type AppConfig } from './config';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { openDatabase, type OpenedDatabase } from './db/index';
import { DEMO_USERS, DEMO_PASSWORD, ADMIN_DEMO_PASSWORD } from './db/seed';
import { scheduleAttachmentSweep } from './modules/attachments';
import { scheduleWorkflowReminders } from './modules/workflow';
import { scheduleLeadRecycling } from './modules/marketing';
import { scheduleHoursExpiry, scheduleInstallmentOverdue } from './modules/orders';
import { scheduleDailyReports } from './modules/cmp';
import { scheduleWithholding } from './modules/finance';

function banner(config: AppConfig, opened: Pick<OpenedDatabase, 'dialect'>): string {
  const url = `http://${config.host}:${config.port}`;
  const lines = [`campus-desk 已启动: ${url}`, `数据库: ${opened.dialect === 'postgres' ? 'PostgreSQL' : path.join(config.dataDir, 'campus-desk.db')}`];
  if (config.workers > 1) lines.push(`服务进程: ${config.workers} 个（WORKERS）`);
  if (config.production) {
    lines.push('生产模式：首个管理员账号 admin，首次登录须修改密码');
  } else if (config.demo) {
    lines.push('演示账号（账号 / 密码 / 角色）:');
    for (const u of DEMO_USERS) {
      lines.push(`  ${u.login_id.padEnd(16)} ${(u.login_id === 'admin' ? ADMIN_DEMO_PASSWORD : DEMO_PASSWORD).padEnd(10)} ${u.roleName}（${u.name}）`);
    }
  }
  return lines.join('\n');
}

/** One server process: the app (API and the built front end) on the configured port. */
function listen(config: AppConfig, opened: OpenedDatabase, onListening?: () => void): void {
  const app = createApp({ db: opened.db, dialect: opened.dialect, config });

  // The built app: static files; `/` answers index.html (the app routes with the hash).
  const distDir = path.resolve('dist');
  if (fs.existsSync(path.join(distDir, 'index.html'))) {
    const root = path.relative(process.cwd(), distDir) || '.';
    app.get('/', serveStatic({ root, path: 'index.html' }));
    app.get('/*', serveStatic({ root }));
  } else {
    app.get('/', (c) => c.text('前端尚未构建：请先运行 npm run build（或使用 npm start）。', 503));
  }

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => onListening?.());
  const stopSweep = scheduleAttachmentSweep(opened.db, config);
  const stopReminders = scheduleWorkflowReminders(opened.db);
  const stopRecycling = scheduleLeadRecycling(opened.db);
  const stopOverdue = scheduleInstallmentOverdue(opened.db);
  // 分期代扣: the day's due installments withheld through the payment provider, once a day
  const stopWithholding = scheduleWithholding(opened.db);
  const stopExpiry = scheduleHoursExpiry(opened.db);
  // the daily reports at their rules' times; days missed while stopped are made a few seconds after start
  const stopReports = scheduleDailyReports(opened.db);
  // Keep-alive connections outlive a burst of requests from the same client (the app, a proxy).
  (server as Server).keepAliveTimeout = 65_000;
  const stop = (): void => {
    stopSweep();
    stopRecycling();
    stopReminders();
    stopOverdue();
    stopWithholding();
    stopExpiry();
    stopReports();
    server.close();
    void opened.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * WORKERS=1 (default): one process. WORKERS=N: the primary migrates and seeds, then N worker
 * processes (node:cluster) share the port and the database (SQLite in WAL mode, or PostgreSQL).
 * The server keeps no state of its own worth sharing: sessions, idempotency keys and export tasks
 * live in the database; each process caches a principal for a few seconds at most.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (cluster.isWorker) {
    listen(config, openDatabase(config), () => process.send?.('listening'));
    return;
  }
  const opened = await prepareDatabase(config);
  if (config.workers <= 1) {
    listen(config, opened, () => console.log(banner(config, opened)));
    return;
  }
  const dialect = opened.dialect;
  await opened.close();
  let stopping = false;
  let ready = 0;
  const fork = (): void => {
    const worker = cluster.fork();
    worker.on('message', (m) => {
      if (m === 'listening' && ++ready === config.workers) console.log(banner(config, { dialect }));
    });
  };
  for (let i = 0; i < config.workers; i++) fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`服务进程 ${worker.process.pid} 退出（${code}），重新启动`);
    fork();
  });
  const stop = (): void => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 2000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
