import { defineResource } from '../resource';

/** The screen (menu code) 资源导入: the history of lead imports and the import itself. */
export const LEAD_IMPORT_SCREEN = 'marketing_resource_import';

/**
 * 资源导入记录: one Excel import of leads (who, when, which file, into which campus, rows inserted,
 * duplicate and refused), written by `mkt_resource/import` when it imports (a dry run writes
 * nothing), never edited by hand. Its refused rows, as uploaded with their reasons, are in
 * mkt_resource_import_row (migration 1330) for `mkt_resource_import/refused_file`.
 */
export const leadImportResource = defineResource({
  name: 'mkt_resource_import',
  readBy: [LEAD_IMPORT_SCREEN],
  title: '资源导入记录',
  table: 'mkt_resource_import',
  scope: 'school',
  perm: 'mkt_resource_import',
  calls: { add: false, update: false, delete: false, recover: false },
  defaultSort: 'id desc',
  fields: {
    file_name: { type: 'string', label: '文件名', required: true, max: 128, search: 'like', list: { width: 200 } },
    total: { type: 'int', label: '总行数', required: true, default: 0, list: { width: 80 } },
    inserted: { type: 'int', label: '已导入', required: true, default: 0, list: { width: 80 } },
    duplicates: { type: 'int', label: '重复', required: true, default: 0, list: { width: 70 } },
    refused: { type: 'int', label: '拒绝', required: true, default: 0, list: { width: 70 } },
    operator_name: { type: 'string', label: '导入人', max: 64, search: 'like', list: { width: 90 } },
  },
});
