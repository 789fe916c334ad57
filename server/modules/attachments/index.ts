import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idListSchema } from '../../../src/contract/resource';
import type { Attachment } from '../../../src/contract/paths';
import type { AppDeps, AppEnv, Principal } from '../../lib/context';
import type { BaseColumns, Database } from '../../db/schema';
import { ApiError, notFound, ok } from '../../lib/http';
import { check, queryObject, readJson } from '../../lib/validate';
import { noTransaction } from '../../lib/tx';
import { allowLargeBody } from '../../lib/body-limit';
import { schoolScope } from '../../lib/scope';
import { contentDisposition, dataSubdir } from '../../lib/files';
import { nowText } from '../../lib/time';
import { boundaryOf, saveMultipartFile } from './multipart';
import { audioDurationMs, isAudio } from './audio-duration';
import { FILE_CSP, sniffFile } from './file-type';
import { signatureValid, signedQuery } from './signed-url';
import { serverSecret } from '../../lib/server-secret';
import { mountWrite } from '../../lib/call-routes';
import { diffRow } from '../../lib/audit';

/** 150 MB (spec doc 000 §9). */
export const UPLOAD_LIMIT = 157286400;
const TOO_LARGE = { code: 413, msg: '大小不得超过150M', data: null };

export interface AttachmentTable extends BaseColumns {
  name: string;
  ext: string;
  mime: string;
  size: number;
  duration: number | null;
  stored_name: string;
  school_ids: string;
  all_schools: number;
  del_flag: number;
}

declare module '../../db/schema' {
  interface Database {
    sys_attachment: AttachmentTable;
  }
}

type AttachmentRow = Omit<AttachmentTable, 'id'> & { id: number };

/**
 * An attachment belongs to its uploader's campuses: whoever works in one of them (or the uploader,
 * or an all-campus user) sees it; anyone else is told it does not exist.
 */
function canSee(p: Principal, row: AttachmentRow): boolean {
  if (row.created_by === p.userId || row.all_schools === 1) return true;
  const scope = schoolScope(p);
  if (scope === undefined) return true;
  const ids = row.school_ids.split('|').filter(Boolean).map(Number);
  return ids.some((id) => scope.includes(id));
}

/**
 * Another area's say on files linked to one of its records: whether the caller may open these
 * files of record `refId` (e.g. an approver of a workflow application sees its files whatever
 * the uploader's campus). It answers false when the caller may not see the record itself.
 */
export type AttachmentHolder = (db: Kysely<Database>, p: Principal, refId: number, ids: readonly number[]) => Promise<boolean>;

const holders = new Map<string, AttachmentHolder>();

/** Registers the check of the records of `refType` (one per refType; again replaces it). */
export function registerAttachmentHolder(refType: string, holder: AttachmentHolder): void {
  holders.set(refType, holder);
}

/** The record the caller opens the files from (sign's optional ref_type and ref_id). */
interface HeldBy {
  refType: string;
  refId: number;
}

async function visibleRows(db: Kysely<Database>, p: Principal, ids: number[], heldBy?: HeldBy): Promise<AttachmentRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db.selectFrom('sys_attachment').selectAll().where('id', 'in', unique).where('del_flag', '=', 0).execute();
  const outside = rows.filter((r) => !canSee(p, r)).map((r) => r.id);
  // files beyond the caller's campuses: seen only through a record that holds them and that the caller sees
  const holder = heldBy ? holders.get(heldBy.refType) : undefined;
  const throughRecord = outside.length > 0 && holder !== undefined && heldBy !== undefined && (await holder(db, p, heldBy.refId, outside));
  const seen = throughRecord ? rows : rows.filter((r) => canSee(p, r));
  if (seen.length !== unique.length) throw notFound();
  return unique.map((id) => seen.find((r) => r.id === id) as AttachmentRow);
}

function recordOf(row: AttachmentRow): Attachment {
  return { id: row.id, ext: row.ext, name: row.name, url: `api/v1/sys_attachment/download?id=${row.id}`, size: Number(row.size), duration: row.duration };
}

function extOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,16})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

const idsQuery = z.object({
  id: z
    .string({ error: '请提供附件 id' })
    .regex(/^\d+(,\d+)*$/, '附件 id 格式不正确，应为逗号分隔的数字')
    .transform((s) => s.split(',').map(Number))
    .refine((a) => a.length <= 1000, '一次最多查询1000个附件'),
});

const positive = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int().positive(`${label}必须是正整数`);
const heldByQuery = z.object({
  ref_type: z.string().max(40, '业务类型不正确').optional(),
  ref_id: positive('业务记录').optional(),
});
const signedQuerySchema = z.object({ id: positive('附件 id'), uid: positive('用户'), exp: positive('有效期'), sig: z.string().max(128, '签名格式不正确') });

export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  const dir = dataSubdir(deps.config, 'attachments');
  const upload = '/api/v1/sys_attachment/upload';
  // A streamed upload must not hold the request transaction (SQLite has one writer) for minutes.
  noTransaction(upload);
  allowLargeBody(upload);

  // Outside a transaction: the entry is written right after the file's row.
  mountWrite(app, upload, { area: 'attachments', title: '上传附件', table: 'sys_attachment' }, async (c: Context<AppEnv>, log) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > UPLOAD_LIMIT) return c.json(TOO_LARGE, 413);
    const boundary = boundaryOf(c.req.header('content-type'));
    if (!boundary) throw new ApiError(400, '请以 multipart/form-data 上传文件（字段 file）');
    const body = c.req.raw.body;
    if (!body) throw new ApiError(400, '请选择要上传的文件');
    const stored = `${randomUUID()}`;
    const dest = path.join(dir, stored);
    const result = await saveMultipartFile(body, boundary, { field: 'file', dest, limit: UPLOAD_LIMIT });
    if (result.kind === 'too_large') return c.json(TOO_LARGE, 413);
    if (result.kind === 'no_file') throw new ApiError(400, '请选择要上传的文件（字段 file）');
    if (result.kind === 'malformed') throw new ApiError(400, '上传内容不完整，请重新上传');
    const { file } = result;
    if (file.size === 0 || !file.filename) {
      await rm(dest, { force: true });
      throw new ApiError(400, file.size === 0 ? '不能上传空文件' : '文件名不能为空');
    }
    const p = c.var.principal;
    const scope = schoolScope(p);
    const ext = extOf(file.filename);
    // The type the uploader declared is not believed: it is read from the file's first bytes.
    const { mime } = await sniffFile(dest, ext);
    const duration = isAudio(ext, mime) ? await audioDurationMs(dest) : null;
    const now = nowText();
    try {
      const row = await c.var.db
        .insertInto('sys_attachment')
        .values({
          name: file.filename,
          ext,
          mime,
          size: file.size,
          duration,
          stored_name: stored,
          school_ids: scope === undefined ? '' : `|${scope.join('|')}|`,
          all_schools: scope === undefined ? 1 : 0,
          del_flag: 0,
          created_at: now,
          updated_at: now,
          created_by: p.userId,
          updated_by: p.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await log([diffRow(row.id, null, { name: file.filename, ext, mime, size: file.size })]);
      return ok(c, row.id);
    } catch (err) {
      await rm(dest, { force: true });
      throw err;
    }
  });

  app.get('/api/v1/sys_attachment/get', async (c) => {
    const { id } = check(idsQuery, queryObject(c), { id: '附件' });
    const rows = await visibleRows(c.var.db, c.var.principal, id);
    return ok(c, rows.map(recordOf));
  });

  const serve = async (c: Context<AppEnv>, row: AttachmentRow): Promise<Response> => {
    const file = path.join(dir, row.stored_name);
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new ApiError(404, '附件文件已丢失');
    // Typed again from the content, so files stored before types were sniffed are served safely too;
    // only images, audio and video are ever shown in the page, everything else is downloaded.
    const type = await sniffFile(file, row.ext);
    const inline = c.req.query('inline') === '1' && type.preview;
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        'content-type': type.mime,
        'content-length': String(info.size),
        'content-disposition': contentDisposition(row.name, inline ? 'inline' : 'attachment'),
        'content-security-policy': FILE_CSP,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=0',
      },
    });
  };
  const secret = () => serverSecret(deps.db, 'file_url', deps.config.fileUrlSecret);

  app.get('/api/v1/sys_attachment/download', async (c) => {
    const sig = c.req.query('sig');
    if (sig === undefined) {
      const { id } = check(z.object({ id: z.coerce.number({ error: '附件 id 必须是数字' }).int().positive('附件 id 必须是正整数') }), queryObject(c), { id: '附件' });
      const [row] = await visibleRows(c.var.db, c.var.principal, [id]);
      return serve(c, row);
    }
    // A signed address (signed-url.ts): made for a user who could see the file a few minutes ago.
    const parts = check(signedQuerySchema, queryObject(c), { id: '附件' });
    if (!signatureValid(await secret(), parts, parts.sig)) return c.json({ code: 401, msg: '文件地址已失效，请重新打开', data: null }, 401);
    const user = await c.var.db.selectFrom('users').select('id').where('id', '=', parts.uid).where('state', '=', 1).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) return c.json({ code: 401, msg: '文件地址已失效，请重新打开', data: null }, 401);
    const row = await c.var.db.selectFrom('sys_attachment').selectAll().where('id', '=', parts.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) throw notFound();
    return serve(c, row);
  });

  // Signed addresses of files the caller sees, for <img>/<video>/<audio> and download links.
  // ref_type + ref_id: the record the files are opened from (a workflow application's steps), whose
  // area may let the caller see files of another campus's uploader
  app.get('/api/v1/sys_attachment/sign', async (c) => {
    const { id, ref_type: refType, ref_id: refId } = check(idsQuery.extend(heldByQuery.shape), queryObject(c), { id: '附件', ref_type: '业务类型', ref_id: '业务记录' });
    const rows = await visibleRows(c.var.db, c.var.principal, id, refType !== undefined && refId !== undefined ? { refType, refId } : undefined);
    const key = await secret();
    return ok(c, rows.map((r) => ({ id: r.id, url: `api/v1/sys_attachment/download?${signedQuery(key, r.id, c.var.principal.userId)}` })));
  });

  // Soft delete: the row is hidden at once; the file stays until a clean-up (the delete may roll back).
  mountWrite(app, '/api/v1/sys_attachment/delete', { area: 'attachments', title: '删除附件', table: 'sys_attachment' }, async (c, log) => {
    const ids = check(idListSchema, await readJson(c)).map((x) => x.id);
    const rows = await visibleRows(c.var.db, c.var.principal, ids);
    await c.var.db
      .updateTable('sys_attachment')
      .set({ del_flag: 1, updated_at: nowText(), updated_by: c.var.principal.userId })
      .where('id', 'in', rows.map((r) => r.id))
      .execute();
    await log(rows.map((r) => diffRow(r.id, { del_flag: 0 }, { del_flag: 1 })));
    return ok(c, { count: rows.length });
  });
}

// Public module: what the rest of the server uses of this area.
export { scheduleAttachmentSweep } from './sweep';

/**
 * The records of attachments (not deleted) by id, with who uploaded each: for an area that links
 * uploaded files to its own records (the workflow's applications and approval steps). Ids that do
 * not exist are left out; the caller decides what that means.
 */
export async function attachmentRecords(db: Kysely<Database>, ids: readonly number[]): Promise<(Attachment & { uploaded_by: number | null })[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sys_attachment').selectAll().where('id', 'in', [...new Set(ids)]).where('del_flag', '=', 0).execute();
  return rows.map((r) => ({ ...recordOf(r), uploaded_by: r.created_by }));
}

/**
 * The content of a file this user uploaded (not deleted), for an area that reads what its user
 * uploaded (the student import reads the .xlsx): undefined when there is no such file or another
 * user uploaded it. The size is checked before anything is read.
 */
export async function readOwnUpload(
  db: Kysely<Database>,
  config: Pick<AppDeps['config'], 'dataDir'>,
  userId: number,
  id: number,
  maxBytes: number,
): Promise<{ name: string; ext: string; size: number; bytes: Buffer | null } | undefined> {
  const row = await db.selectFrom('sys_attachment').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || row.created_by !== userId) return undefined;
  const size = Number(row.size);
  if (size > maxBytes || !/^[0-9a-f-]{36}$/.test(row.stored_name)) return { name: row.name, ext: row.ext, size, bytes: null };
  const bytes = await readFile(path.join(dataSubdir(config, 'attachments'), row.stored_name)).catch(() => null);
  return { name: row.name, ext: row.ext, size, bytes };
}
