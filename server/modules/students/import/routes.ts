import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { mountCall } from '../../../lib/call-routes';
import { ApiError } from '../../../lib/http';
import { CAMPUS, requireInScope, schoolScope } from '../../../lib/scope';
import { maskFor } from '../../../lib/mask';
import { countOf } from '../../../db/dialect';
import { readOwnUpload } from '../../attachments';
import {
  IMPORT_ROW_STATUS,
  STUDENT_IMPORT_MAX_BYTES,
  importCheckCall,
  importRefusedFileCall,
  importRowsCall,
  importRunCall,
  importTemplateCall,
  type ImportRowView,
} from '../../../../src/contract/student-import';
import { XLSX_HEADERS, readSheet, refusedFile, templateFile } from './sheet';
import { campuses } from './rows';
import { createImport, importInScope, runChunk } from './run';
import '../schema';

/** The student import's calls (src/contract/student-import.ts); the history is the declared student_import page. */
export function registerImport(app: Hono<AppEnv>, deps: AppDeps): void {
  mountCall(app, importTemplateCall, async ({ c, db, principal }) => {
    const scope = schoolScope(principal);
    const names = (await campuses(db)).filter((s) => scope === undefined || scope.includes(s.id)).map((s) => s.name);
    return c.body(new Uint8Array(await templateFile(names)), 200, XLSX_HEADERS('学员导入模板.xlsx'));
  });

  mountCall(app, importCheckCall, async ({ db, principal, body }) => {
    await requireInScope(db, principal, CAMPUS, body.school_id, '默认校区');
    const file = await readOwnUpload(db, deps.config, principal.userId, body.attachment_id, STUDENT_IMPORT_MAX_BYTES);
    if (!file) throw new ApiError(400, '导入文件不存在，请重新上传');
    if (file.ext !== 'xlsx') throw new ApiError(400, '只能导入 .xlsx 文件，请下载导入模板填写后上传');
    if (file.size > STUDENT_IMPORT_MAX_BYTES) throw new ApiError(400, `导入文件不能超过${STUDENT_IMPORT_MAX_BYTES / 1024 / 1024}MB`);
    if (file.size === 0 || !file.bytes || file.bytes.length === 0) throw new ApiError(400, '导入文件是空的，请下载导入模板填写后上传');
    const sheet = await readSheet(file.bytes);
    return createImport(db, principal, { name: file.name, attachmentId: body.attachment_id }, sheet, body.school_id);
  });

  mountCall(app, importRunCall, async ({ c, db, principal, body }) => runChunk(db, principal, body.import_id, body.chunk, c));

  mountCall(app, importRowsCall, async ({ db, principal, query }) => {
    await importInScope(db, principal, query.import_id);
    let q = db.selectFrom('student_import_row as r').leftJoin('organisations as o', 'o.id', 'r.school_id').where('r.import_id', '=', query.import_id);
    if (query.status !== undefined) q = q.where('r.status', '=', query.status);
    const totalSize = await countOf(q.select('r.id'));
    const rows = await q
      .select(['r.id', 'r.row_no', 'r.name', 'r.parent_phone', 'o.name as school_name', 'r.status', 'r.msg', 'r.student_id'])
      .orderBy('r.row_no')
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute();
    const content: ImportRowView[] = rows.map((r) => ({ ...r, parent_phone: maskFor(principal, 'phone', r.parent_phone) }));
    return { content, totalSize };
  });

  mountCall(app, importRefusedFileCall, async ({ c, db, principal, query }) => {
    const imp = await importInScope(db, principal, query.import_id);
    const rows = await db.selectFrom('student_import_row').select(['row_no', 'cells', 'msg']).where('import_id', '=', imp.id).where('status', '=', IMPORT_ROW_STATUS.refused).orderBy('row_no').execute();
    if (rows.length === 0) throw new ApiError(404, '该导入没有被拒绝的行');
    const file = await refusedFile(rows.map((r) => ({ row_no: r.row_no, msg: r.msg, cells: JSON.parse(r.cells) as string[] })));
    const base = imp.file_name.replace(/\.xlsx$/i, '');
    return c.body(new Uint8Array(file), 200, XLSX_HEADERS(`${base}-拒绝的行.xlsx`));
  });
}
