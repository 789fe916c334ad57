import { ApiError } from '../../../lib/http';
import { excel, firstSheet, isBlank, rawOf, refusedRowsFile, type RawCell } from '../../../lib/xlsx-sheet';
import { STUDENT_IMPORT_COLUMNS, STUDENT_IMPORT_MAX_ROWS, type ImportColumnKey } from '../../../../src/contract/student-import';
import { GENDERS, GRADES, PARENT_RELATIONS, STUDENT_SOURCES, STUDENT_STATES } from '../../../../src/contract/resources/students';
import { INITIAL_STATES } from '../../../../src/contract/students';

export type { RawCell } from '../../../lib/xlsx-sheet';
export { XLSX_HEADERS } from '../../../lib/xlsx-sheet';

/** One filled row of the sheet: its row number in the file and its cells by column. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<ImportColumnKey, RawCell>>;
}

/** A header as written, without the required mark and spaces (`学员姓名*` → `学员姓名`). */
function bare(header: string): string {
  return header.replace(/[*＊\s]/g, '');
}

const KEY_OF_HEADER = new Map<string, ImportColumnKey>(STUDENT_IMPORT_COLUMNS.map((c) => [bare(c.header), c.key]));

/** The options a column takes, for the template's 填写说明 sheet. */
function optionTexts(items: readonly { text: string }[]): string {
  return items.map((i) => i.text).join('、');
}

/**
 * The template: the 学员导入 sheet (headers only; phone and ID columns formatted as text so Excel
 * keeps every digit) and a 填写说明 sheet with each column's rule and the caller's campuses.
 */
export async function templateFile(campusNames: readonly string[]): Promise<Buffer> {
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员导入');
  ws.columns = STUDENT_IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.key === 'id_card' ? 22 : c.key === 'remark' || c.key === 'attend_school' ? 18 : 13,
    style: c.key === 'phone' || c.key === 'id_card' || c.key === 'parent_phone' || c.key === 'birthday' ? { numFmt: '@' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const help = wb.addWorksheet('填写说明');
  help.columns = [
    { header: '列', key: 'col', width: 14 },
    { header: '填写说明', key: 'rule', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  const initial = STUDENT_STATES.filter((s) => INITIAL_STATES.includes(s.value));
  const rules: Record<ImportColumnKey, string> = {
    name: '必填，不超过64个字',
    gender: `必填：${optionTexts(GENDERS)}`,
    birthday: '选填，格式 2016-05-12（也可填 2016/5/12 或 Excel 日期），不能晚于今天；不填时取身份证号中的出生日期',
    school: `选填，填写校区名称；不填时导入到导入时选择的默认校区。可填：${campusNames.join('、') || '（无）'}`,
    grade: `选填：${optionTexts(GRADES)}`,
    phone: '选填，11位手机号',
    id_card: '选填，18位身份证号（校验位须正确）；同一身份证号只能有一名学员',
    parent_name: '选填，不填时为“学员姓名+家长”',
    parent_relation: `选填：${optionTexts(PARENT_RELATIONS)}；不填时为“其他”`,
    parent_phone: '必填，11位手机号；同一校区同一家长电话的学员关联为同一家长（兄弟姐妹）',
    source: `选填：${optionTexts(STUDENT_SOURCES)}`,
    attend_school: '选填，不超过64个字',
    state: `选填：${optionTexts(initial)}；不填时为“在读”`,
    remark: '选填，不超过255个字',
  };
  for (const c of STUDENT_IMPORT_COLUMNS) help.addRow({ col: bare(c.header), rule: rules[c.key] });
  help.addRow({});
  help.addRow({ col: '说明', rule: `第一行为表头，请勿修改；从第二行起每行一名学员，一次最多${STUDENT_IMPORT_MAX_ROWS}行。与已有学员姓名和电话相同、或身份证号相同的行不会重复导入。` });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The filled rows of the file's first sheet, by the template's headers (columns may be in any
 * order; unknown ones are ignored). Refuses with a Chinese message: a file that is not an .xlsx,
 * a sheet without the required headers, no rows, or more than the limit.
 */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  const ws = await firstSheet(bytes);
  const columns = new Map<number, ImportColumnKey>();
  ws.getRow(1).eachCell((cell, col) => {
    const raw = rawOf(cell);
    const key = typeof raw === 'string' ? KEY_OF_HEADER.get(bare(raw)) : undefined;
    if (key && ![...columns.values()].includes(key)) columns.set(col, key);
  });
  const present = new Set(columns.values());
  const missing = STUDENT_IMPORT_COLUMNS.filter((c) => c.header.endsWith('*') && !present.has(c.key)).map((c) => bare(c.header));
  if (missing.length > 0) throw new ApiError(400, `表头缺少必填列：${missing.join('、')}。请下载导入模板，第一行为表头`);
  const out: SheetRow[] = [];
  let tooMany = false;
  ws.eachRow((row, n) => {
    if (n === 1 || tooMany) return;
    const cells: SheetRow['cells'] = {};
    let filled = false;
    for (const [col, key] of columns) {
      const v = rawOf(row.getCell(col));
      if (!isBlank(v)) {
        cells[key] = v;
        filled = true;
      }
    }
    if (!filled) return;
    out.push({ row: n, cells });
    // stop reading at the first row over the limit: the answer is the same, the work is bounded
    if (out.length > STUDENT_IMPORT_MAX_ROWS) tooMany = true;
  });
  if (tooMany) throw new ApiError(400, `一次最多导入${STUDENT_IMPORT_MAX_ROWS}行学员，当前文件超过${STUDENT_IMPORT_MAX_ROWS}行，请分成多个文件导入`);
  if (out.length === 0) throw new ApiError(400, '文件中没有学员数据：第一行为表头，请从第二行起填写');
  return out;
}

/** The refused rows as an .xlsx: the template's columns with the texts as uploaded, and 拒绝原因. */
export async function refusedFile(rows: readonly { row_no: number; cells: string[]; msg: string }[]): Promise<Buffer> {
  return refusedRowsFile(
    STUDENT_IMPORT_COLUMNS.map((c) => ({ header: c.header, width: c.key === 'id_card' ? 22 : 13 })),
    rows,
  );
}
