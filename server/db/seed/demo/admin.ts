import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText, todayText } from '../../../lib/time';
import { addDays } from '../../../modules/classes';
import { columnOf, refLabelKey } from '../../../../src/contract/resource';
import { RESOURCES } from '../../../../src/contract/resources';

/**
 * Demo rows of the administration screens a new user opens first: staff files for every member of
 * staff, the organisation registers (机构, 分公司, 行政区划), areas and their templates, user
 * templates, domains, app functions, data permissions, swap days, teachers' and students' leaves,
 * column settings, feedback and exports. Runs after the classes demo (it reads its staff, lessons
 * and leave marks), once, on the first start of a demo database.
 */
export const order = 40;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦';
const CONTACT_GIVEN = ['建军', '淑芬', '志刚', '桂英', '国强', '玉兰', '海涛', '红梅', '德明', '春燕'];
const RELATIONS = ['配偶', '父亲', '母亲', '兄长', '姐姐'];
const EDUCATION = ['本科', '本科', '硕士', '大专', '本科', '硕士', '博士'];
/** 身份证 area codes of the demo's cities: 北京朝阳, 上海浦东, 广州天河, 深圳南山. */
const ID_AREAS = ['110105', '310115', '440106', '440305'];

/** A well-formed 18-digit ID number (GB 11643 check digit), deterministic per staff member. */
function idCard(i: number, birth: string): string {
  const body = `${ID_AREAS[i % ID_AREAS.length]}${birth.replace(/-/g, '')}${String(100 + ((i * 37) % 900)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, k) => s + Number(d) * weights[k], 0);
  return body + '10X98765432'[sum % 11];
}

function stamp(now: string, by: number | null): { created_at: string; updated_at: string; created_by: number | null; updated_by: number | null } {
  return { created_at: now, updated_at: now, created_by: by, updated_by: by };
}

async function insertTree(db: AnyDb, table: string, nodes: readonly TreeSeed[], parent: number, extra: Record<string, unknown>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, n] of nodes.entries()) {
    const { children, key, ...values } = n;
    const row = await db
      .insertInto(table)
      .values({ ...values, parent_id: parent, order_num: i + 1, ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    ids.set(key, id);
    if (children) for (const [k, v] of await insertTree(db, table, children, id, extra)) ids.set(k, v);
  }
  return ids;
}

interface TreeSeed {
  key: string;
  name: string;
  children?: readonly TreeSeed[];
  [column: string]: unknown;
}

const DISTRICTS: readonly TreeSeed[] = [
  { key: '北京市', name: '北京市', code: '110000', level: 1, remark: '直辖市', children: [
    { key: '朝阳区', name: '朝阳区', code: '110105', level: 3, remark: null },
    { key: '海淀区', name: '海淀区', code: '110108', level: 3, remark: null },
    { key: '西城区', name: '西城区', code: '110102', level: 3, remark: null },
  ] },
  { key: '上海市', name: '上海市', code: '310000', level: 1, remark: '直辖市', children: [
    { key: '浦东新区', name: '浦东新区', code: '310115', level: 3, remark: null },
    { key: '徐汇区', name: '徐汇区', code: '310104', level: 3, remark: null },
  ] },
  { key: '广东省', name: '广东省', code: '440000', level: 1, remark: null, children: [
    { key: '广州市', name: '广州市', code: '440100', level: 2, remark: '省会', children: [
      { key: '天河区', name: '天河区', code: '440106', level: 3, remark: null },
      { key: '越秀区', name: '越秀区', code: '440104', level: 3, remark: null },
    ] },
    { key: '深圳市', name: '深圳市', code: '440300', level: 2, remark: '计划单列市', children: [
      { key: '南山区', name: '南山区', code: '440305', level: 3, remark: null },
      { key: '福田区', name: '福田区', code: '440304', level: 3, remark: null },
    ] },
  ] },
];

const AREAS: readonly TreeSeed[] = [
  { key: '华北', name: '华北运营区', code: 'NORTH', level: 1, remark: '北京各校区', children: [
    { key: '北京', name: '北京', code: 'NORTH-BJ', level: 3, remark: null },
  ] },
  { key: '华东', name: '华东运营区', code: 'EAST', level: 1, remark: '上海各校区', children: [
    { key: '上海', name: '上海', code: 'EAST-SH', level: 3, remark: null },
  ] },
  { key: '华南', name: '华南运营区', code: 'SOUTH', level: 1, remark: '广东各校区', children: [
    { key: '广东', name: '广东', code: 'SOUTH-GD', level: 2, remark: null, children: [
      { key: '广州', name: '广州', code: 'SOUTH-GZ', level: 3, remark: null },
      { key: '深圳', name: '深圳', code: 'SOUTH-SZ', level: 3, remark: null },
    ] },
  ] },
];

const DOMAINS: readonly TreeSeed[] = [
  { key: 'hq', name: '集团总部', code: 'hq', url: 'https://desk.zhixue-edu.cn', remark: '总部及各分公司共用', children: [
    { key: 'bj', name: '北京分公司', code: 'bj', url: 'https://bj.zhixue-edu.cn', remark: null },
    { key: 'sh', name: '上海分公司', code: 'sh', url: 'https://sh.zhixue-edu.cn', remark: null },
    { key: 'gd', name: '广东分公司', code: 'gd', url: 'https://gd.zhixue-edu.cn', remark: '广州、深圳校区' },
  ] },
];

const APP_FUNS: readonly TreeSeed[] = [
  { key: 'staff', name: '员工移动端', code: 'mobile_staff', type: 0, url: null, icon: 'IconDeviceMobile', remark: '老师、前台在手机上使用', children: [
    { key: 'punch', name: '考勤打卡', code: 'mobile_punch', type: 1, url: '/m/punch', icon: 'IconFingerprint', remark: null },
    { key: 'today', name: '今日课表', code: 'mobile_today', type: 1, url: '/m/today', icon: 'IconCalendar', remark: null },
    { key: 'roll', name: '课堂点名', code: 'mobile_roll_call', type: 1, url: '/m/roll-call', icon: 'IconChecklist', remark: null },
  ] },
  { key: 'parent', name: '家长端', code: 'mobile_parent', type: 0, url: null, icon: 'IconUsers', remark: '家长在微信中查看', children: [
    { key: 'schedule', name: '课表查询', code: 'parent_schedule', type: 1, url: '/p/schedule', icon: 'IconCalendarEvent', remark: null },
    { key: 'hours', name: '剩余课时', code: 'parent_hours', type: 1, url: '/p/hours', icon: 'IconHourglass', remark: null },
    { key: 'leave', name: '在线请假', code: 'parent_leave', type: 1, url: '/p/leave', icon: 'IconCalendarOff', remark: null },
  ] },
];

const FEEDBACK = [
  { content: '前台签到页面在平板横屏时，学员头像有点小，能否调大一些？', state: '已处理', reply: '已在新版本中加大头像并支持双击放大，谢谢反馈。', daysAgo: 12 },
  { content: '希望排课时能直接看到教室在该时间段是否已被占用。', state: '已处理', reply: '排课预览已标出冲突的教室和老师。', daysAgo: 8 },
  { content: '导出的学员名单里能不能加上家长手机号？', state: '待处理', reply: null, daysAgo: 3 },
  { content: '手机上打卡偶尔提示网络异常，但过一会儿又显示打卡成功。', state: '待处理', reply: null, daysAgo: 1 },
] as const;

const LEAVE_REASONS = ['感冒发烧，在家休息', '随家长外出', '学校有活动', '身体不适', '家中有事'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const any = db as unknown as AnyDb;
  const now = nowText();
  const today = todayText();
  const year = Number(today.slice(0, 4));
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirst();
  const by = admin?.id ?? null;
  const st = stamp(now, by);
  const orgs = new Map((await db.selectFrom('organisations').select(['id', 'code']).execute()).map((o) => [o.code ?? '', o.id]));

  // 行政区划, 机构, 分公司
  const districts = await insertTree(any, 'base_district', DISTRICTS, 0, st);
  const organs = await insertTree(
    any,
    'base_organ',
    [
      { key: 'group', name: '智学教育集团', short_name: '智学教育', code: 'ZX', district_id: districts.get('朝阳区'), contact: '王建国', phone: '010-65881234', address: '北京市朝阳区建国路88号', state: 1, children: [
        { key: 'bj', name: '北京智学教育科技有限公司', short_name: '北京智学', code: 'ZX-BJ', district_id: districts.get('朝阳区'), contact: '李秀英', phone: '010-84761000', address: '北京市朝阳区望京街10号', state: 1 },
        { key: 'sh', name: '上海智学教育培训有限公司', short_name: '上海智学', code: 'ZX-SH', district_id: districts.get('浦东新区'), contact: '钱志明', phone: '021-58301000', address: '上海市浦东新区张杨路500号', state: 1 },
        { key: 'gd', name: '广东智学教育咨询有限公司', short_name: '广东智学', code: 'ZX-GD', district_id: districts.get('天河区'), contact: '黄志华', phone: '020-38881000', address: '广州市天河区天河路385号', state: 1 },
      ] },
    ],
    0,
    st,
  );
  await any
    .insertInto('base_sub_company')
    .values([
      { name: '北京智学朝阳分公司', organ_id: organs.get('bj'), district_id: districts.get('朝阳区'), credit_code: '91110105MA01K8XQ3T', legal_person: '李秀英', phone: '010-84761001', address: '北京市朝阳区望京街10号', state: 1, remark: '负责朝阳、海淀、西城校区', ...st },
      { name: '上海智学浦东分公司', organ_id: organs.get('sh'), district_id: districts.get('浦东新区'), credit_code: '91310115MA1H7RLC5Y', legal_person: '钱志明', phone: '021-58301001', address: '上海市浦东新区张杨路500号', state: 1, remark: null, ...st },
      { name: '广州智学天河分公司', organ_id: organs.get('gd'), district_id: districts.get('天河区'), credit_code: '91440106MA5CQ2NW8K', legal_person: '黄志华', phone: '020-38881001', address: '广州市天河区天河路385号', state: 1, remark: null, ...st },
      { name: '深圳智学南山分公司', organ_id: organs.get('gd'), district_id: districts.get('南山区'), credit_code: '91440305MA5FT6YB2P', legal_person: '郑海涛', phone: '0755-26661001', address: '深圳市南山区南海大道2163号', state: 0, remark: '筹备中', ...st },
    ])
    .execute();

  // 区域 and 区域模板
  const soft = { del_flag: 0, ...st };
  const areas = await insertTree(any, 'sys_area', AREAS, 0, soft);
  const areaTemplates = [
    { name: '北方校区区域', remark: '华北运营区', areas: ['华北', '北京'] },
    { name: '南方校区区域', remark: '华东、华南运营区', areas: ['华东', '上海', '华南', '广州', '深圳'] },
  ];
  for (const t of areaTemplates) {
    const row = await any.insertInto('sys_area_template').values({ name: t.name, remark: t.remark, ...soft }).returning('id').executeTakeFirstOrThrow();
    await any
      .insertInto('sys_area_template_detail')
      .values(t.areas.map((a) => ({ template_id: row.id, area_id: areas.get(a), remark: null, ...soft })))
      .execute();
  }

  // 域, 应用功能
  await insertTree(any, 'sys_domain', DOMAINS, 0, st);
  await insertTree(any, 'sys_app_fun', APP_FUNS, 0, st);

  // 数据权限: the administrator reaches every campus; 外教 teach in every campus of 上海分公司
  // (the campuses the demo 外教 already works in: the demo's reach does not change)
  const roles = new Map((await db.selectFrom('roles').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const rc = roles.get('RC999');
  if (rc) await any.insertInto('sys_data_permission').values({ role_id: rc, kind: 1, remark: '系统管理员查看全部校区', ...st }).execute();
  const foreign = roles.get('foreign_teacher');
  const sh = orgs.get('SH');
  if (foreign && sh) {
    const p = await any.insertInto('sys_data_permission').values({ role_id: foreign, kind: 2, remark: '外教在上海分公司各校区授课', ...st }).returning('id').executeTakeFirstOrThrow();
    await any.insertInto('sys_data_permission_detail').values({ permission_id: p.id, target_type: 'org', target_id: sh, ...st }).execute();
  }

  // 用户模板 and 员工档案: one file for every member of staff
  const users = await db.selectFrom('users').select(['id', 'name', 'login_id', 'sex']).where('del_flag', '=', 0).orderBy('id').execute();
  const teacherIds = new Set((await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('user_roles.user_id').where('roles.code', 'in', ['teacher', 'foreign_teacher']).execute()).map((r) => r.user_id));
  const templates = new Map<string, number>();
  for (const [key, name, remark] of [
    ['teacher', '授课老师入职模板', '中教、外教入职时使用'],
    ['office', '校区职员入职模板', '前台、课程顾问、电销入职时使用'],
  ] as const) {
    const row = await any.insertInto('sys_user_template').values({ name, remark, ...soft }).returning('id').executeTakeFirstOrThrow();
    templates.set(key, Number(row.id));
  }
  const files = users.map((u, i) => {
    const birth = `${1978 + ((i * 7) % 20)}-${String(1 + ((i * 5) % 12)).padStart(2, '0')}-${String(1 + ((i * 11) % 28)).padStart(2, '0')}`;
    const entry = `${year - 1 - (i % 6)}-${String(1 + ((i * 3) % 12)).padStart(2, '0')}-${String(1 + ((i * 13) % 28)).padStart(2, '0')}`;
    const surname = SURNAMES[(i * 5) % SURNAMES.length];
    return {
      user_id: u.id,
      template_id: u.login_id === 'admin' ? null : (templates.get(teacherIds.has(u.id) ? 'teacher' : 'office') ?? null),
      id_card: idCard(i, birth),
      entry_date: entry,
      education: EDUCATION[i % EDUCATION.length],
      emergency_contact: `${surname}${CONTACT_GIVEN[i % CONTACT_GIVEN.length]}（${RELATIONS[i % RELATIONS.length]}）`,
      emergency_phone: `1${['39', '38', '36', '58', '86'][i % 5]}${String(20000000 + i * 7331).slice(-8)}`,
      remark: null,
      ...st,
    };
  });
  if (files.length) await any.insertInto('base_user_detail').values(files).execute();
  const templated = users.filter((u) => u.login_id !== 'admin').slice(0, 12);
  if (templated.length) {
    await any
      .insertInto('sys_user_template_detail')
      .values(templated.map((u) => ({ template_id: templates.get(teacherIds.has(u.id) ? 'teacher' : 'office'), user_id: u.id, remark: null, ...soft })))
      .execute();
  }

  // 调休日: the working weekends around 劳动节 and 国庆节 of this year and the next
  const weekday = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const swapRows: Record<string, unknown>[] = [];
  for (const y of [year, year + 1]) {
    for (const [holiday, first, last] of [
      ['劳动节', `${y}-05-01`, `${y}-05-05`],
      ['国庆节', `${y}-10-01`, `${y}-10-07`],
    ] as const) {
      let before = addDays(first, -1);
      while (weekday(before) < 6) before = addDays(before, -1);
      let after = addDays(last, 1);
      while (weekday(after) < 6) after = addDays(after, 1);
      swapRows.push({ name: `${holiday}调休上班`, swap_date: before, follow_week_day: weekday(first) <= 5 ? weekday(first) : 1, remark: `${y}年${holiday}调休`, ...st });
      swapRows.push({ name: `${holiday}调休上班`, swap_date: after, follow_week_day: 5, remark: `${y}年${holiday}调休`, ...st });
    }
  }
  await any.insertInto('base_swap_day').values(swapRows).execute();

  // 老师请假 (with a substitute from the same campus) and students' leaves of the demo's leave marks
  const teachersBySchool = await db
    .selectFrom('users')
    .innerJoin('user_schools', 'user_schools.user_id', 'users.id')
    .select(['users.id', 'user_schools.school_id'])
    .where('users.id', 'in', [...teacherIds, 0])
    .orderBy('users.id')
    .execute();
  const teacherLeaves: Record<string, unknown>[] = [];
  const bySchool = new Map<number, number[]>();
  for (const t of teachersBySchool) bySchool.set(t.school_id, [...(bySchool.get(t.school_id) ?? []), t.id]);
  let k = 0;
  for (const [schoolId, ids] of bySchool) {
    if (ids.length < 2 || k >= 6) continue;
    const day = addDays(today, k % 2 === 0 ? 3 + k : -5 - k);
    teacherLeaves.push({
      school_id: schoolId,
      teacher_id: ids[0],
      start_time: `${day} 09:00:00`,
      end_time: `${day} 18:00:00`,
      reason: ['参加教研培训', '病假', '家中有事', '年假'][k % 4],
      substitute_teacher_id: ids[1],
      state: k === 5 ? 0 : 1,
      ...st,
    });
    k++;
  }
  if (teacherLeaves.length) await any.insertInto('edu_tea_leave_management').values(teacherLeaves).execute();

  const leaves = await db
    .selectFrom('edu_check_in')
    .select(['school_id', 'schedule_id', 'student_id', 'class_id', 'lesson_date'])
    .where('mark', '=', 'leave')
    .where('state', '=', 1)
    .orderBy('lesson_date', 'desc')
    .orderBy('id')
    .limit(40)
    .execute();
  if (leaves.length) {
    await any
      .insertInto('edu_stu_leave')
      .values(leaves.map((l, i) => ({ ...l, reason: LEAVE_REASONS[i % LEAVE_REASONS.length], state: 1, makeup_schedule_id: null, ...st })))
      .execute();
  }

  // the administrator's own: column settings of two lists, feedback, and finished exports
  if (by !== null) {
    const prefs = ['prod_class_type', 'sys_guide'].flatMap((name) => {
      const def = RESOURCES.find((d) => d.name === name);
      if (!def) return [];
      const cols = Object.entries(def.fields)
        .filter(([, f]) => columnOf(f))
        .map(([prop, f], i) => ({ prop: f.ref ? refLabelKey(prop, f.ref.label[0]) : prop, label: f.label, show: columnOf(f)?.show !== false, width: i === 0 ? 180 : null, order: i }));
      return [{ user_id: by, table_key: name, cols: JSON.stringify(cols), ...st }];
    });
    if (prefs.length) await any.insertInto('sys_table_col_user').values(prefs).execute();
  }
  const submitters = users.filter((u) => u.login_id !== 'admin');
  await any
    .insertInto('base_feedback')
    .values(
      FEEDBACK.map((f, i) => {
        const u = submitters[i % Math.max(submitters.length, 1)];
        const at = `${addDays(today, -f.daysAgo)} ${String(9 + i).padStart(2, '0')}:20:00`;
        return { content: f.content, files: null, user_id: u?.id ?? by, user_name: u?.name ?? '系统管理员', state: f.state, reply: f.reply, created_at: at, updated_at: at, created_by: u?.id ?? by, updated_by: by };
      }),
    )
    .execute();
  if (by !== null) {
    const exports = [
      { name: '班级', state: '已完成', rows: 45, source: '/api/v1/base_class_manage/page', size: 18_432, error: null, daysAgo: 6 },
      { name: '学员', state: '已完成', rows: 450, source: '/api/v1/student/page', size: 41_210, error: null, daysAgo: 4 },
      { name: '考勤记录', state: '已取消', rows: 0, source: '/api/v1/edu_check_in/page', size: null, error: null, daysAgo: 2 },
    ];
    await any
      .insertInto('sys_excel_export_status')
      .values(
        exports.map((e) => {
          const at = `${addDays(today, -e.daysAgo)} 17:05:00`;
          // the files of finished demo exports are gone: downloading one says 导出文件已过期或丢失，请重新导出
          return { name: e.name, state: e.state, rows: e.rows, user_id: by, source: e.source, file_path: `demo-${e.name}.xlsx`, file_size: e.size, error: e.error, finished_at: `${addDays(today, -e.daysAgo)} 17:05:03`, created_at: at, updated_at: at, created_by: by, updated_by: by };
        }),
      )
      .execute();
  }
}
