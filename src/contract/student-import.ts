import { z } from './zod';
import { idField as id } from './fields';
import { answer, defineCall, type FileAnswer } from './call';
import type { Page } from './envelope';
import { pageQuerySchema } from './paging';

/**
 * The Excel import of students with their parents (issue 12 "Import and export"). Paths the spec
 * does not name are chosen here in the students area's style; the template is the spec's generic
 * `excel_template/{name}` with the name `student_import`.
 *
 * 1. the app uploads the .xlsx through `sys_attachment/upload` (streamed, typed by content);
 * 2. `student_import/check` reads it on the server, validates every row with the add call's schema
 *    and rules, and stores the import with each row's result (a dry run: no student is written):
 *    新增, 更新 (an existing student in the caller's campuses, with the fields that would change),
 *    无变化, or 拒绝 with the reason;
 * 3. `student_import/run` imports one chunk of the accepted rows per call. Each row is claimed
 *    once, so re-sending a chunk, running an import twice or resuming one that was interrupted
 *    never creates a student twice;
 * 4. `student_import/page` (the declaration in resources/student-import.ts) is the history;
 *    `student_import/rows` the rows of one import; `student_import/refused_file` its refused rows
 *    as .xlsx with a reason column.
 */

/** The screen (menu code) 学员导入 and the operation code of its 导入学员 button. */
export const STUDENT_IMPORT_SCREEN = 'students_import';
export const STUDENT_IMPORT_PERM = 'student_import_run';

/** Rows of one file at most (as the exports: one file of the export cap comes back in). */
export const STUDENT_IMPORT_MAX_ROWS = 10_000;
/** Accepted rows one `run` call imports: one transaction each. */
export const STUDENT_IMPORT_CHUNK = 500;
/** Largest file (10,000 filled rows stay far below 2 MB). */
export const STUDENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The template's columns in order: the header text (`*` required) and the add call's field. */
export const STUDENT_IMPORT_COLUMNS = [
  { key: 'name', header: '学员姓名*', example: '张小明' },
  { key: 'gender', header: '性别*', example: '男' },
  { key: 'birthday', header: '出生日期', example: '2016-05-12' },
  { key: 'school', header: '校区', example: '' },
  { key: 'grade', header: '年级', example: '二年级' },
  { key: 'phone', header: '学员电话', example: '' },
  { key: 'id_card', header: '身份证号', example: '' },
  { key: 'parent_name', header: '家长姓名', example: '张建军' },
  { key: 'parent_relation', header: '家长关系', example: '父亲' },
  { key: 'parent_phone', header: '家长电话*', example: '13800001234' },
  { key: 'source', header: '来源', example: '地推' },
  { key: 'attend_school', header: '就读学校', example: '实验小学' },
  { key: 'state', header: '状态', example: '潜在' },
  { key: 'remark', header: '备注', example: '' },
] as const;
export type ImportColumnKey = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];

/** The import's life: checked (nothing written yet), partly imported, done. */
export const IMPORT_STATES = [
  { value: 1, text: '待导入' },
  { value: 2, text: '导入中' },
  { value: 3, text: '已完成' },
] as const;

/**
 * One row's result: 1 a new student to add, 2 added, 3 refused, 4 an existing student to update
 * (same ID number, or same name and phone, in the caller's campuses), 5 updated, 6 an existing
 * student the row would not change (not an error). Each row leaves 1 or 4 exactly once.
 */
export const IMPORT_ROW_STATUS = { pending: 1, imported: 2, refused: 3, pendingUpdate: 4, updated: 5, unchanged: 6 } as const;
export const IMPORT_ROW_STATUSES = [
  { value: 1, text: '待导入' },
  { value: 2, text: '已导入' },
  { value: 3, text: '拒绝' },
  { value: 4, text: '更新' },
  { value: 5, text: '已更新' },
  { value: 6, text: '无变化' },
] as const;

/** An import as the check, the run and the history answer it. */
export interface ImportSummary {
  id: number;
  file_name: string;
  school_id: number;
  total: number;
  accepted: number;
  refused: number;
  imported: number;
  /** existing students updated, and rows that matched one without changing anything */
  updated: number;
  unchanged: number;
  state: number;
  /** chunks of accepted rows (STUDENT_IMPORT_CHUNK each) */
  chunks: number;
  /** the first chunk with rows still to import; null when none is left */
  next_chunk: number | null;
}

/** One row of a file and what became of it (phones masked for roles that may not see them). */
export interface ImportRowView {
  id: number;
  row_no: number;
  name: string;
  parent_phone: string | null;
  school_name: string | null;
  status: number;
  msg: string;
  student_id: number | null;
}

export const importTemplateCall = defineCall({
  area: 'students',
  title: '学员导入模板',
  method: 'GET',
  path: 'api/v1/excel_template/student_import',
  perm: STUDENT_IMPORT_SCREEN,
  answer: answer<Blob>() as FileAnswer,
});

export const importCheckCall = defineCall({
  area: 'students',
  title: '学员导入校验',
  method: 'POST',
  path: 'api/v1/student_import/check',
  perm: STUDENT_IMPORT_PERM,
  body: z.object({
    attachment_id: id('导入文件'),
    /** the campus of rows whose 校区 cell is empty */
    school_id: id('默认校区'),
  }),
  labels: { attachment_id: '导入文件', school_id: '默认校区' },
  answer: answer<ImportSummary>(),
});

export const importRunCall = defineCall({
  area: 'students',
  title: '导入学员',
  method: 'POST',
  path: 'api/v1/student_import/run',
  perm: STUDENT_IMPORT_PERM,
  body: z.object({
    import_id: id('导入记录'),
    chunk: z.coerce.number({ error: '批次必须是数字' }).int('批次必须是整数').min(0, '批次不能小于0').max(STUDENT_IMPORT_MAX_ROWS, '批次不存在'),
  }),
  labels: { import_id: '导入记录', chunk: '批次' },
  answer: answer<ImportSummary & { chunk_imported: number; chunk_updated: number; chunk_unchanged: number; chunk_refused: number }>(),
});

export const importRowsCall = defineCall({
  area: 'students',
  title: '导入明细',
  method: 'GET',
  path: 'api/v1/student_import/rows',
  perm: STUDENT_IMPORT_SCREEN,
  query: pageQuerySchema.extend({
    import_id: id('导入记录'),
    status: z.coerce.number({ error: '结果必须是数字' }).int().min(1, '结果不存在').max(6, '结果不存在').optional().or(z.literal('').transform(() => undefined)),
  }),
  labels: { import_id: '导入记录', status: '结果', page: '页码', rows: '每页行数', sort: '排序' },
  answer: answer<Page<ImportRowView>>(),
});

export const importRefusedFileCall = defineCall({
  area: 'students',
  title: '下载拒绝行',
  method: 'GET',
  path: 'api/v1/student_import/refused_file',
  perm: STUDENT_IMPORT_SCREEN,
  query: z.object({ import_id: id('导入记录') }),
  labels: { import_id: '导入记录' },
  answer: answer<Blob>() as FileAnswer,
});
