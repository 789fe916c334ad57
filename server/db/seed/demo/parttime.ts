import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import '../../core-schema';
import '../../../modules/parttime';

/**
 * Demo data of the part-time acquirers: three acquirers a campus (one 停用), the families each
 * collected over the last three weeks (most 待处理, some already 已转资源 or 无效, one a phone the
 * campus's leads hold already, so 查重 and 转入市场 show a 重复), and their working days with punches.
 * Runs after the marketing demo (leads) so the repeat is real.
 */
export const order = 45;

const DAY_MS = 86_400_000;
const FAMILY = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['子涵', '欣怡', '梓轩', '一诺', '浩然', '雨桐', '思远', '可馨', '宇航', '若曦'];
const PLACES = ['万达广场门口', '实验小学南门', '社区活动中心', '少年宫广场'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirst();
  const by = admin?.id ?? null;
  const schools = await db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const now = Date.now();
  const stamp = { created_at: nowText(), updated_at: nowText(), created_by: by, updated_by: by };
  for (const [i, school] of schools.entries()) {
    const people = [0, 1, 2].map((k) => ({
      ...stamp,
      school_id: school.id,
      name: `${FAMILY[(i + k * 3) % FAMILY.length]}${['晓明', '佳佳', '大伟'][k]}`,
      phone: `1370${String(i).padStart(3, '0')}${String(k).padStart(4, '0')}`,
      gender: k === 1 ? 2 : 1,
      state: k === 2 ? 2 : 1,
      monthly_target: [60, 45, 30][k],
      seller_user_id: null,
      joined_on: todayText(now - (90 + k * 30) * DAY_MS),
      remark: k === 2 ? '学期中暂停' : null,
    }));
    const users = await db.insertInto('pt_part_time_user').values(people).returning(['id', 'name']).execute();
    await db
      .insertInto('pt_part_time_user_log')
      .values(users.map((u) => ({ part_time_user_id: u.id, school_id: school.id, action: '新增', content: `新增兼职人员 ${u.name}`, created_by: by, created_at: stamp.created_at })))
      .execute();
    const lead = await db.selectFrom('mkt_resource').select(['parent_phone']).where('school_id', '=', school.id).where('del_flag', '=', 0).where('pool', '!=', 4).orderBy('id').executeTakeFirst();
    const rows = [];
    for (const [k, u] of users.slice(0, 2).entries()) {
      for (let n = 0; n < 8; n++) {
        const day = (n * 5 + k * 2) % 21;
        const state = n === 6 ? 2 : n === 7 ? 4 : 1;
        const phone = n === 0 && k === 0 && lead ? lead.parent_phone : `1590${String(i).padStart(3, '0')}${String(k * 100 + n).padStart(4, '0')}`;
        rows.push({
          ...stamp,
          school_id: school.id,
          part_time_user_id: u.id,
          name: `${FAMILY[(n + k) % FAMILY.length]}${GIVEN[(n * 3 + i) % GIVEN.length]}`,
          parent_name: `${FAMILY[(n + k) % FAMILY.length]}${n % 2 ? '女士' : '先生'}`,
          parent_phone: phone,
          gender: (n % 2) + 1,
          grade: (n % 6) + 1,
          address: PLACES[(n + i) % PLACES.length],
          remark: state === 4 ? '家长表示暂无需求' : null,
          state,
          resource_id: null,
          collected_at: `${todayText(now - day * DAY_MS)} ${String(10 + (n % 8)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}:00`,
        });
      }
    }
    await db.insertInto('pt_acquirer_student').values(rows).execute();
    const days = [];
    for (const u of users.slice(0, 2)) {
      for (let d = 0; d < 12; d++) {
        const date = todayText(now - (d * 2 + 1) * DAY_MS);
        days.push({ ...stamp, school_id: school.id, part_time_user_id: u.id, work_date: date, punch_in_at: `${date} 09:${String(d * 3).padStart(2, '0')}:00`, punch_out_at: d === 4 ? null : `${date} 17:${String(d * 2).padStart(2, '0')}:00`, place: PLACES[(d + i) % PLACES.length] });
      }
    }
    await db.insertInto('pt_acquirer_attendance').values(days).execute();
  }
}
