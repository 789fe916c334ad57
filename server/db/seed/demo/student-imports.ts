import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { Principal } from '../../../lib/context';
import { demoPrincipal } from '../demo-principal';
import { createImport, runChunk, type SheetRow } from '../../../modules/students';
import type { ImportColumnKey } from '../../../../src/contract/student-import';
import '../../core-schema';

/**
 * Demo imports of students (学员导入's history) made by the import's own code: the principal's
 * autumn intake of 北京朝阳校区 (imported, a few rows refused), a summer-camp list checked but not
 * imported yet, and the front desk's intake of 广州天河校区 (imported).
 */
export const order = 26;

const SURNAMES = '林黄何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段';
const GIVEN_BOY = ['子墨', '奕辰', '沐阳', '皓轩', '煜城', '铭泽', '瑾瑜', '亦凡', '承志', '景澄'];
const GIVEN_GIRL = ['若汐', '语桐', '芊芊', '沐晴', '锦书', '清妍', '知夏', '婉清', '安然', '星辰'];
const FATHER = ['志强', '国华', '建平', '伟东', '永刚'];
const MOTHER = ['丽娟', '晓红', '美华', '雅琴', '春燕'];
const GRADES = ['幼儿园大班', '一年级', '二年级', '三年级', '四年级'];
const SOURCES = ['地推', '转介绍', '网络推广', '活动引流'];

/** Rows of an intake list: names, genders, birth dates, parents with their own phones; `bad` rows carry a typical mistake. */
function intake(count: number, phoneBase: number, seedNo: number, bad: readonly number[]): SheetRow[] {
  const rows: SheetRow[] = [];
  for (let i = 0; i < count; i++) {
    const surname = SURNAMES[(i * 7 + seedNo) % SURNAMES.length];
    const boy = (i + seedNo) % 2 === 0;
    const given = (boy ? GIVEN_BOY : GIVEN_GIRL)[(i * 3 + seedNo) % 10];
    const father = i % 3 !== 0;
    const cells: Partial<Record<ImportColumnKey, string>> = {
      name: `${surname}${given}`,
      gender: boy ? '男' : '女',
      birthday: `${2014 + (i % 5)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`,
      grade: GRADES[i % GRADES.length],
      parent_name: `${surname}${(father ? FATHER : MOTHER)[i % 5]}`,
      parent_relation: father ? '父亲' : '母亲',
      parent_phone: String(phoneBase + i * 37),
      source: SOURCES[i % SOURCES.length],
    };
    if (bad.includes(i)) {
      const kind = bad.indexOf(i) % 3;
      if (kind === 0) cells.parent_phone = cells.parent_phone?.slice(0, 8);
      else if (kind === 1) cells.gender = '男孩';
      else cells.parent_relation = '邻居';
    }
    rows.push({ row: i + 2, cells });
  }
  return rows;
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const school = async (code: string) => (await db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirst())?.id;
  const bj = await school('BJ-CY');
  const gz = await school('GZ-TH');
  const principal = await demoPrincipal(db, 'principal');
  const front = await demoPrincipal(db, 'front_desk');
  const importAll = async (who: Principal, id: number) => {
    let next: number | null = 0;
    while (next !== null) next = (await runChunk(db, who, id, next)).next_chunk;
  };
  if (bj && principal) {
    const autumn = await createImport(db, principal, { name: '朝阳校区秋季新生名单.xlsx', attachmentId: 0 }, intake(36, 18610020000, 1, [5, 17, 29]), bj);
    await importAll(principal, autumn.id);
    await createImport(db, principal, { name: '暑期夏令营报名表.xlsx', attachmentId: 0 }, intake(12, 18610090000, 2, [4]), bj);
  }
  if (gz && front) {
    const tianhe = await createImport(db, front, { name: '天河校区新生登记.xlsx', attachmentId: 0 }, intake(24, 18620030000, 3, [11]), gz);
    await importAll(front, tianhe.id);
  }
}
