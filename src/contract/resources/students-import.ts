import { defineResource } from '../resource';
import { IMPORT_STATES, STUDENT_IMPORT_SCREEN } from '../student-import';

/**
 * 学员导入记录: one Excel import of students (who, when, which file, rows accepted, refused and
 * imported), written by `student_import/check` and `/run` (src/contract/student-import.ts), never
 * edited by hand. Its campus is the import's default campus (rows of a file may name others the
 * importer reaches). The page is the screen 学员导入's history.
 */
export const studentImportResource = defineResource({
  name: 'student_import',
  readBy: [STUDENT_IMPORT_SCREEN],
  title: '学员导入记录',
  table: 'student_import',
  scope: 'school',
  perm: 'student_import',
  calls: { add: false, update: false, delete: false, recover: false },
  defaultSort: 'id desc',
  fields: {
    file_name: { type: 'string', label: '文件名', required: true, max: 128, search: 'like', list: { width: 200 } },
    attachment_id: { type: 'int', label: '导入文件', required: true, list: false, form: false },
    total: { type: 'int', label: '总行数', required: true, default: 0, list: { width: 80 } },
    accepted: { type: 'int', label: '可导入', required: true, default: 0, list: { width: 80 } },
    refused: { type: 'int', label: '拒绝', required: true, default: 0, list: { width: 70 } },
    imported: { type: 'int', label: '已导入', required: true, default: 0, list: { width: 80 } },
    updated: { type: 'int', label: '已更新', required: true, default: 0, list: { width: 80 } },
    unchanged: { type: 'int', label: '无变化', required: true, default: 0, list: { width: 80 } },
    state: { type: 'int', label: '状态', required: true, default: 1, options: { kind: 'static', items: IMPORT_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    operator_name: { type: 'string', label: '导入人', max: 64, search: 'like', list: { width: 90 } },
    finished_at: { type: 'datetime', label: '完成时间', list: { format: 'datetime', width: 150 } },
  },
});
