import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { EXPORT_ROW_CAP, PAGE_LABELS, pageQuerySchema } from '../../../src/contract/paging';
import type { ExportStarted } from '../../../src/contract/paths';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { BaseColumns, Database } from '../../db/schema';
import { ApiError, notFound, ok } from '../../lib/http';
import { assertPerm } from '../../lib/auth';
import { check, queryObject, readJson } from '../../lib/validate';
import { setListExporter, type ListExportRequest } from '../../lib/export-hook';
import { contentDisposition, dataSubdir } from '../../lib/files';
import { countOf, likeInsensitive, likePattern } from '../../db/dialect';
import { nowText } from '../../lib/time';
import { rowsAsShown } from '../../lib/export-labels';
import { exportColumnsSchema, writeXlsx } from './xlsx-writer';
import { listOrder } from '../../lib/list-order';
import { mountWrite } from '../../lib/call-routes';
import { diffRow } from '../../lib/audit';

export const EXPORT_STATES = { RUNNING: '进行中', DONE: '已完成', CANCELLED: '已取消', FAILED: '失败' } as const;

export interface ExportStatusTable extends BaseColumns {
  name: string;
  state: string;
  rows: number;
  user_id: number;
  source: string;
  file_path: string;
  file_size: number | null;
  error: string | null;
  finished_at: string | null;
}

declare module '../../db/schema' {
  interface Database {
    sys_excel_export_status: ExportStatusTable;
  }
}

const nameSchema = z
  .string()
  .trim()
  .max(100, '导出文件名不能超过100个字符')
  .transform((s) => s.replace(/[\\/:*?"<>|\r\n]/g, ' ').trim());

/** Running jobs of this process: a cancel flips the flag the writer checks between rows. */
const running = new Map<number, { cancelled: boolean; done: Promise<void> }>();

/** Resolves when every export this process started has finished (tests and shutdown wait on it). */
export async function exportsSettled(): Promise<void> {
  await Promise.all([...running.values()].map((j) => j.done));
}

/**
 * The row is inserted in the request's own transaction; the background writer waits until that
 * commit is visible (on SQLite it simply queues behind it), and gives up if the request rolled back.
 */
async function waitForRow(db: Kysely<Database>, id: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const row = await db.selectFrom('sys_excel_export_status').select('id').where('id', '=', id).executeTakeFirst();
    if (row) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function runJob(db: Kysely<Database>, id: number, file: string, rows: Record<string, unknown>[], req: { name: string; columns: z.output<typeof exportColumnsSchema> }): Promise<void> {
  const job = running.get(id);
  if (!job) return;
  try {
    if (!(await waitForRow(db, id))) return;
    const result = await writeXlsx({ filePath: file, sheetName: req.name, columns: req.columns, rows, isCancelled: () => job.cancelled });
    if (result.cancelled) {
      await rm(file, { force: true });
      return;
    }
    const size = (await stat(file)).size;
    // A cancel that arrived meanwhile (or from another instance) wins: the state is only moved on from 进行中.
    const updated = await db
      .updateTable('sys_excel_export_status')
      .set({ state: EXPORT_STATES.DONE, rows: result.rows, file_size: size, finished_at: nowText(), updated_at: nowText() })
      .where('id', '=', id)
      .where('state', '=', EXPORT_STATES.RUNNING)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await rm(file, { force: true });
  } catch (err) {
    console.error(`导出任务 ${id} 失败:`, err);
    await rm(file, { force: true }).catch(() => undefined);
    await db
      .updateTable('sys_excel_export_status')
      .set({ state: EXPORT_STATES.FAILED, error: '写入导出文件失败', finished_at: nowText(), updated_at: nowText() })
      .where('id', '=', id)
      .where('state', '=', EXPORT_STATES.RUNNING)
      .execute()
      .catch(() => undefined);
  }
}

const statusPageSchema = pageQuerySchema.extend({
  name: z.string().trim().max(100).optional(),
  state: z.enum([EXPORT_STATES.RUNNING, EXPORT_STATES.DONE, EXPORT_STATES.CANCELLED, EXPORT_STATES.FAILED, ''], { error: '状态只能是 进行中、已完成、已取消 或 失败' }).optional(),
});
const idSchema = z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数');

export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  const dir = dataSubdir(deps.config, 'exports');

  // Any list call with __export__=true lands here with its rows fetched by the list itself
  // (same session, filters, sort and scope); the file is written in the background.
  setListExporter(async ({ c, title, params, fetchRows, def, asShown }: ListExportRequest) => {
    const columns = check(exportColumnsSchema, params['__columns__'], { '': '导出列' });
    const name = check(nameSchema, params['__name__'] ?? '') || title;
    const fetched = await fetchRows(EXPORT_ROW_CAP);
    // the file holds the text the screen shows, not the stored codes and ids
    const declared = def ? await rowsAsShown({ db: c.var.db, principal: c.var.principal, def, props: columns.map((col) => col.prop), rows: fetched }) : fetched;
    const rows = asShown ? declared.map(asShown) : declared;
    const stored = `${randomUUID()}.xlsx`;
    const now = nowText();
    const p = c.var.principal;
    const row = await c.var.db
      .insertInto('sys_excel_export_status')
      .values({
        name,
        state: EXPORT_STATES.RUNNING,
        rows: rows.length,
        user_id: p.userId,
        source: c.req.path.slice(0, 255),
        file_path: stored,
        file_size: null,
        error: null,
        finished_at: null,
        created_at: now,
        updated_at: now,
        created_by: p.userId,
        updated_by: p.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = { cancelled: false, done: Promise.resolve() };
    running.set(row.id, job);
    job.done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => runJob(deps.db, row.id, path.join(dir, stored), rows, { name, columns }))
      .finally(() => running.delete(row.id));
    const answer: ExportStarted = { file_id: row.id, name: `${name}.xlsx` };
    return ok(c, answer);
  });

  app.get('/api/v1/excel_export_status/page', async (c) => {
    const q = check(statusPageSchema, queryObject(c), { ...PAGE_LABELS, state: '状态' });
    let qb = c.var.db
      .selectFrom('sys_excel_export_status')
      .select(['id', 'name', 'state', 'rows', 'user_id', 'source', 'file_size', 'error', 'created_at', 'finished_at'])
      .where('user_id', '=', c.var.principal.userId);
    if (q.name) qb = qb.where(likeInsensitive('name', likePattern(q.name)));
    if (q.state) qb = qb.where('state', '=', q.state);
    const totalSize = await countOf(qb);
    let sorted = qb;
    for (const [ref, direction] of listOrder(q.sort, { id: 'id', name: 'name', state: 'state', created_at: 'created_at', finished_at: 'finished_at' }, [['id', 'desc']])) sorted = sorted.orderBy(sql.ref(ref), direction);
    const content = await sorted.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content, totalSize });
  });

  mountWrite(app, '/api/v1/excel_export_status/cancel', { area: 'export', title: '取消导出', table: 'sys_excel_export_status' }, async (c, log) => {
    assertPerm(c.var.principal, 'cancel_export');
    const { id } = check(z.object({ id: idSchema }), await readJson(c), { id: '导出任务' });
    const db = c.var.db;
    const row = await db.selectFrom('sys_excel_export_status').select(['id', 'state']).where('id', '=', id).where('user_id', '=', c.var.principal.userId).executeTakeFirst();
    if (!row) throw notFound();
    if (row.state !== EXPORT_STATES.RUNNING) throw new ApiError(400, `导出任务${row.state}，不能取消`);
    await db.updateTable('sys_excel_export_status').set({ state: EXPORT_STATES.CANCELLED, finished_at: nowText(), updated_at: nowText() }).where('id', '=', id).execute();
    const job = running.get(id);
    if (job) job.cancelled = true;
    await log([diffRow(id, { state: row.state }, { state: EXPORT_STATES.CANCELLED })]);
    return ok(c, { id, state: EXPORT_STATES.CANCELLED });
  });

  app.get('/api/v1/excel_export/download', async (c) => {
    const { file_id } = check(z.object({ file_id: idSchema }), queryObject(c), { file_id: '导出文件' });
    const row = await c.var.db
      .selectFrom('sys_excel_export_status')
      .select(['id', 'name', 'state', 'file_path'])
      .where('id', '=', file_id)
      .where('user_id', '=', c.var.principal.userId)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.state === EXPORT_STATES.RUNNING) throw new ApiError(400, '导出尚未完成，请稍后到 任务中心/我的导出 下载');
    if (row.state !== EXPORT_STATES.DONE) throw new ApiError(400, `导出任务${row.state}，没有可下载的文件`);
    const file = path.join(dir, row.file_path);
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new ApiError(404, '导出文件已过期或丢失，请重新导出');
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-length': String(info.size),
        'content-disposition': contentDisposition(`${row.name}.xlsx`),
      },
    });
  });
}
