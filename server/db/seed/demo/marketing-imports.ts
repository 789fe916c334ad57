import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { demoPrincipal } from '../demo-principal';
import { importLeads } from '../../../modules/marketing';
import '../../core-schema';

/**
 * Demo imports of leads (资源导入's history) made by the import's own code: the principal's ground
 * promotion lists of 北京朝阳 and 北京海淀, each with new families, a few phones the campus already
 * holds (duplicates naming the lead) and a few mistakes (refused, downloadable).
 */
export const order = 62;

const HEADER = ['学员姓名*', '联系电话*', '家长姓名', '性别(男/女)', '年级', '来源', '就读学校', '备注'];
const SURNAMES = '冯钱孙周吴郑王陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const GIVEN = ['一帆', '子期', '雨桐', '思琪', '浩宇', '可馨', '俊熙', '诗雨', '梓涵', '天翊'];
const GRADES = ['幼儿园大班', '一年级', '二年级', '三年级', '四年级', '五年级'];
const SCHOOLS = ['实验小学', '育才小学', '朝阳小学', '中关村第一小学'];

/** A list of `count` families (phones from `phoneBase`), the campus's `held` phones among them and two rows with a mistake. */
async function list(count: number, phoneBase: number, held: readonly string[]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('资源导入');
  ws.addRow(HEADER);
  for (let i = 0; i < count; i++) {
    const surname = SURNAMES[(i * 5 + phoneBase) % SURNAMES.length];
    const phone = i < held.length ? held[i] : i === count - 1 ? String(phoneBase).slice(0, 9) : String(phoneBase + i * 53);
    ws.addRow([`${surname}${GIVEN[i % GIVEN.length]}`, phone, `${surname}先生`, i === count - 2 ? '男孩' : i % 2 ? '女' : '男', GRADES[i % GRADES.length], '地推', SCHOOLS[i % SCHOOLS.length], '']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const principal = await demoPrincipal(db, 'principal');
  if (!principal) return;
  const lists: [string, string, number][] = [
    ['BJ-CY', '朝阳十一月地推名单.xlsx', 15810040000],
    ['BJ-HD', '海淀开放日报名表.xlsx', 15810070000],
  ];
  for (const [code, fileName, phoneBase] of lists) {
    const school = await db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirst();
    if (!school) continue;
    const held = await db.selectFrom('mkt_resource').select('parent_phone').where('school_id', '=', school.id).where('del_flag', '=', 0).where('pool', '=', 1).orderBy('id').limit(3).execute();
    const file = await list(30, phoneBase, held.map((h) => h.parent_phone));
    await importLeads(db, principal, { file, file_name: fileName, dry_run: false, school_id: school.id });
  }
}
