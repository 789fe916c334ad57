import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { AnyDB } from '../../../lib/resource-routes';
import { nowText, todayText } from '../../../lib/time';
import { NETWORK_CHANNELS } from '../../../../src/contract/resources/marketing-plans';
import '../../core-schema';

/**
 * Demo data of the marketing plans: network plans of the head office, every city and campus for
 * the last three months, this one and the next; channel plans of this month; market plans;
 * marketer, seller and TA targets of the campuses' staff; campus sign targets and TA plans; SMS
 * groups, templates and what the built-in provider recorded; part-time acquirers in every city.
 * Runs after the students demo (which adds a seller to every campus).
 */
export const order = 40;

/** `YYYY-MM` of this month moved by `delta` months (Asia/Shanghai). */
function monthOf(delta: number): string {
  const [y, m] = todayText().slice(0, 7).split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const MONTHS = [-3, -2, -1, 0, 1].map(monthOf);

/** Deterministic variation, so a demo database looks the same every time. */
const vary = (base: number, i: number, j = 0): number => Math.round(base * (0.85 + (((i * 7 + j * 3) % 7) * 0.05)));

async function staffOf(db: Kysely<Database>, schoolId: number, role: string): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('user_schools as us')
    .innerJoin('user_roles as ur', 'ur.user_id', 'us.user_id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('users as u', 'u.id', 'us.user_id')
    .select(['u.id', 'u.name'])
    .where('us.school_id', '=', schoolId)
    .where('r.code', '=', role)
    .where('u.del_flag', '=', 0)
    .orderBy('u.id')
    .execute();
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const any = db as unknown as Kysely<AnyDB>;
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirst();
  const st = { created_at: nowText(), updated_at: nowText(), created_by: admin?.id ?? null, updated_by: admin?.id ?? null };
  const insert = async (table: string, rows: Record<string, unknown>[]): Promise<void> => {
    if (rows.length > 0) await any.insertInto(table).values(rows.map((r) => ({ ...r, ...st }))).execute();
  };
  const cities = await db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'city').where('del_flag', '=', 0).orderBy('id').execute();
  const schools = await db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  const funnel = (leads: number, i: number, j: number) => ({
    target_leads: vary(leads, i, j),
    target_visits: vary(Math.round(leads * 0.3), i, j),
    target_signs: vary(Math.round(leads * 0.08), i, j),
    budget: vary(leads * 6000, i, j),
  });

  await insert('mkt_hq_network_plan', MONTHS.map((plan_month, j) => ({ plan_month, ...funnel(6000, 0, j), remark: j === 3 ? '暑期招生旺季，加大抖音投放' : null })));
  await insert(
    'mkt_hq_channel_network_plan',
    NETWORK_CHANNELS.map((c, i) => ({ plan_month: MONTHS[3], channel: c.value, ...funnel(900, i, 3), remark: null })),
  );
  await insert('mkt_city_network_plan', cities.flatMap((c, i) => MONTHS.map((plan_month, j) => ({ city_id: c.id, city_name: c.name, plan_month, ...funnel(1500, i, j), remark: null }))));
  await insert(
    'mkt_city_channel_network_plan',
    cities.flatMap((c, i) => NETWORK_CHANNELS.slice(0, 4).map((ch, k) => ({ city_id: c.id, city_name: c.name, plan_month: MONTHS[3], channel: ch.value, ...funnel(300, i, k), remark: null }))),
  );
  await insert('mkt_sch_network_plan', schools.flatMap((s, i) => MONTHS.map((plan_month, j) => ({ school_id: s.id, plan_month, ...funnel(500, i, j), remark: null }))));

  const start = todayText().slice(0, 8);
  await insert(
    'mkt_market_plan',
    schools.flatMap((s, i) => [
      { school_id: s.id, name: `${s.name.replace(/校区$/, '')}社区英语体验周`, channel: 9, start_date: `${start}01`, end_date: `${start}15`, target_leads: vary(120, i), budget: 800000, state: 2, content: '社区地推摆台，现场英语小游戏，留资送绘本', remark: null },
      { school_id: s.id, name: `${s.name.replace(/校区$/, '')}抖音同城推广`, channel: 2, start_date: `${monthOf(-1)}-01`, end_date: `${monthOf(-1)}-28`, target_leads: vary(200, i, 1), budget: 1500000, state: 3, content: '同城短视频投放，落地页留资', remark: '已结束' },
    ]),
  );

  const staffTargets: Record<string, unknown>[] = [];
  const sellerTargets: Record<string, unknown>[] = [];
  const taTargets: Record<string, unknown>[] = [];
  for (const [i, s] of schools.entries()) {
    const marketers = await staffOf(db, s.id, 'telemarketer');
    const sellers = await staffOf(db, s.id, 'sales');
    const tas = await staffOf(db, s.id, 'teacher');
    // every campus has its targets on screen, even one without a telemarketer: its principal's
    const principals = await staffOf(db, s.id, 'principal');
    for (const [j, plan_month] of MONTHS.slice(2).entries()) {
      for (const u of marketers.length > 0 ? marketers : principals) staffTargets.push({ school_id: s.id, user_id: u.id, plan_month, target_leads: vary(150, i, j), target_calls: vary(900, i, j), target_invites: vary(60, i, j), remark: null });
      for (const u of sellers.length > 0 ? sellers : principals) sellerTargets.push({ school_id: s.id, user_id: u.id, plan_month, target_visits: vary(45, i, j), target_signs: vary(15, i, j), target_amount: vary(15, i, j) * 600000, remark: null });
      for (const u of tas.length > 0 ? tas : principals) taTargets.push({ school_id: s.id, user_id: u.id, plan_month, target_renewals: vary(12, i, j), target_referrals: vary(5, i, j), target_amount: vary(12, i, j) * 500000, remark: null });
    }
  }
  await insert('mkt_marketer_plan_target', staffTargets);
  await insert('mkt_seller_target', sellerTargets);
  await insert('mkt_ta_target', taTargets);
  await insert('mkt_school_sign', schools.flatMap((s, i) => MONTHS.map((plan_month, j) => ({ school_id: s.id, plan_month, target_signs: vary(40, i, j), target_amount: vary(40, i, j) * 600000, remark: null }))));
  await insert('mkt_school_ta_plan', schools.flatMap((s, i) => MONTHS.map((plan_month, j) => ({ school_id: s.id, plan_month, target_renewals: vary(30, i, j), target_referrals: vary(12, i, j), target_amount: vary(30, i, j) * 500000, remark: null }))));

  // SMS: groups, templates, and what the built-in provider recorded
  await insert('mkt_sms_group', ['招生邀约', '上课通知', '节日问候'].map((name, i) => ({ name, order_num: i + 1, remark: null })));
  const groups = new Map((await any.selectFrom('mkt_sms_group').select(['id', 'name']).execute()).map((g) => [String(g.name), Number(g.id)]));
  const templates = [
    { name: '试听课邀约', group: '招生邀约', content: '{姓名}家长您好，{校区}诚邀孩子参加{时间}的英语试听课，回复1确认。', code: 'SMS_TRIAL_001' },
    { name: '到访提醒', group: '招生邀约', content: '{姓名}家长您好，您预约的校区参观时间为{时间}，期待您的到来。', code: 'SMS_VISIT_001' },
    { name: '上课提醒', group: '上课通知', content: '{姓名}同学明天{时间}有课，请准时到达{校区}。', code: 'SMS_CLASS_001' },
    { name: '停课通知', group: '上课通知', content: '因天气原因，{校区}今日课程暂停，补课时间另行通知。', code: null },
    { name: '国庆祝福', group: '节日问候', content: '国庆快乐！智学教育祝您和家人节日愉快。', code: null },
  ];
  await insert(
    'mkt_sms_template',
    templates.map((t, i) => ({ name: t.name, group_id: groups.get(t.group), sign_name: '智学教育', template_code: t.code, content: t.content, state: i === 3 ? 0 : 1, remark: null })),
  );
  const trial = await any.selectFrom('mkt_sms_template').select(['id']).where('name', '=', '试听课邀约').executeTakeFirstOrThrow();
  await insert(
    'mkt_sms_record',
    ['13810012001', '13910012002', '13710012003'].map((phone, i) => ({
      template_id: trial.id,
      phone,
      content: `【智学教育】${['王', '李', '张'][i]}家长您好，北京朝阳校区诚邀孩子参加本周六上午10点的英语试听课，回复1确认。`,
      provider: '内置记录',
      provider_message_id: `LOCAL-DEMO-${i + 1}`,
      state: 1,
      error: null,
      sender_name: '陈晓燕',
    })),
  );

  const names = ['张晓峰', '李娜', '王磊', '赵丽', '刘畅', '陈静', '杨帆', '周婷'];
  await insert(
    'mkt_part_time_user_city',
    cities.flatMap((c, i) => [0, 1].map((k) => ({ name: names[(i * 2 + k) % names.length], phone: `1355${String(i * 2 + k).padStart(3, '0')}8${String(1000 + i * 37 + k).slice(-3)}`, city_id: c.id, city_name: c.name, monthly_target: 80 + k * 20, state: k === 1 && i === 3 ? 0 : 1, remark: null }))),
  );
}
