import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { loadConfig } from './config';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { DEMO_USERS, DEMO_PASSWORD, ADMIN_DEMO_PASSWORD } from './db/seed';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const opened = await prepareDatabase(config);
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

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  const url = `http://${config.host}:${config.port}`;
  const lines = [`campus-desk 已启动: ${url}`, `数据库: ${opened.dialect === 'postgres' ? 'PostgreSQL' : path.join(config.dataDir, 'campus-desk.db')}`];
  if (config.production) {
    lines.push('生产模式：首个管理员账号 admin，首次登录须修改密码');
  } else if (config.demo) {
    lines.push('演示账号（账号 / 密码 / 角色）:');
    for (const u of DEMO_USERS) {
      lines.push(`  ${u.login_id.padEnd(16)} ${(u.login_id === 'admin' ? ADMIN_DEMO_PASSWORD : DEMO_PASSWORD).padEnd(10)} ${u.roleName}（${u.name}）`);
    }
  }
  console.log(lines.join('\n'));

  const stop = (): void => {
    server.close();
    void opened.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
