import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { nowText } from '../../../lib/time';
import type { NoticeTable } from '../../../modules/messages';

/**
 * Demo data of the system extras: published notices with a message for every demo user (the
 * newest unread, so the bell shows a count), a draft, tag groups with tags (some on students),
 * and the option sets of the student screens. Runs once, on the first start of a demo database.
 */
export const order = 30;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const DAY = 86_400_000;
const PUBLISHED: NoticeTable['state'] = '已发布';

const NOTICES = [
  {
    title: '关于春季学期排课安排的通知',
    header: '教务处',
    content: '<p>各校区：春季学期将于下周一开课，请各校区在本周五前完成<strong>班级排课</strong>与教室确认，课表发布后及时通知家长。</p>',
    daysAgo: 0,
    top: 1,
    read: false,
  },
  {
    title: '系统升级维护公告',
    header: '信息中心',
    content: '<p>本周六 22:00 至 24:00 系统升级维护，期间暂停登录；离线签到的数据会在恢复后自动同步，请勿重复提交。</p>',
    daysAgo: 2,
    top: 0,
    read: false,
  },
  {
    title: '教师节活动报名',
    header: '人事行政部',
    content: '<p>教师节主题活动开始报名，每个校区推荐 2 名老师，请于本月 5 日前在系统内提交名单。</p>',
    daysAgo: 9,
    top: 0,
    read: true,
  },
] as const;

const TAG_GROUPS = [
  { name: '学员意向', multiple: 0, tags: [['高意向', '#E03131'], ['中意向', '#F08C00'], ['低意向', '#868E96']] },
  { name: '兴趣方向', multiple: 1, tags: [['英语', '#1971C2'], ['数学', '#2F9E44'], ['美术', '#AE3EC9'], ['编程', '#0C8599']] },
  { name: '家长关注', multiple: 1, tags: [['注重价格', '#E8590C'], ['注重效果', '#5C940D'], ['时间灵活', '#1864AB']] },
] as const;

const OPTION_SETS = [
  {
    code: 'grade',
    name: '年级',
    items: ['幼儿园小班', '幼儿园中班', '幼儿园大班', '一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三'],
  },
  { code: 'student_source', name: '学员来源', items: ['地推', '转介绍', '网络推广', '电话咨询', '上门咨询', '老学员续费'] },
  { code: 'parent_relation', name: '家长关系', items: ['父亲', '母亲', '爷爷', '奶奶', '外公', '外婆', '其他'] },
] as const;

export async function seed(db: Kysely<Database>): Promise<void> {
  const any = db as unknown as AnyDb;
  const admin = await db.selectFrom('users').select(['id', 'name']).where('login_id', '=', 'admin').executeTakeFirst();
  const users = await db.selectFrom('users').select('id').where('del_flag', '=', 0).where('state', '=', 1).orderBy('id').execute();
  const base = { created_by: admin?.id ?? null, updated_by: admin?.id ?? null };

  for (const n of NOTICES) {
    const at = nowText(Date.now() - n.daysAgo * DAY);
    const notice = await db
      .insertInto('sys_notice')
      .values({ title: n.title, header: n.header, content: n.content, state: PUBLISHED, target_type: 'all', target_ids: null, is_top: n.top, publish_time: at, publisher: admin?.name ?? null, files: null, del_flag: 0, created_at: at, updated_at: at, ...base })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (users.length === 0) continue;
    await db
      .insertInto('sys_user_message')
      .values(
        users.map((u) => ({
          user_id: u.id,
          notice_id: notice.id,
          title: n.title,
          header: n.header,
          content: n.content,
          publisher: admin?.name ?? null,
          message_time: at,
          is_top: n.top,
          read_status: n.read ? 1 : 0,
          read_time: n.read ? at : null,
          is_flag: 0,
          del_flag: 0,
          created_at: at,
          updated_at: at,
          ...base,
        })),
      )
      .execute();
  }
  const now = nowText();
  await db
    .insertInto('sys_notice')
    .values({ title: '暑期班招生方案（草稿）', header: '市场部', content: '<p>暑期班招生方案征求意见中，定稿后发布。</p>', state: '草稿', target_type: 'all', target_ids: null, is_top: 0, publish_time: null, publisher: null, files: null, del_flag: 0, created_at: now, updated_at: now, ...base })
    .execute();

  const tagIds: number[] = [];
  for (const [gi, g] of TAG_GROUPS.entries()) {
    const group = await any
      .insertInto('sys_tag_group')
      .values({ name: g.name, multiple: g.multiple, order_num: gi + 1, remark: null, created_at: now, updated_at: now, ...base })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [ti, [name, color]] of g.tags.entries()) {
      const tag = await any
        .insertInto('sys_tag')
        .values({ group_id: group.id, name, color, order_num: ti + 1, created_at: now, updated_at: now, ...base })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.push(Number(tag.id));
    }
  }
  // A few students of the demo (if the classes demo made some) carry tags, so the tag screens show use.
  const students = await any.selectFrom('student').select(['id', 'school_id']).where('del_flag', '=', 0).orderBy('id').limit(12).execute();
  const tagged = students.map((s, i) => ({ stu_id: s.id, tag_id: tagIds[i % tagIds.length], school_id: s.school_id, created_at: now, updated_at: now, ...base }));
  if (tagged.length > 0) await any.insertInto('sys_user_tag').values(tagged).execute();

  for (const o of OPTION_SETS) {
    const exists = await db.selectFrom('option_sets').select('id').where('code', '=', o.code).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('option_sets')
      .values({ code: o.code, name: o.name, value: JSON.stringify(o.items.map((text, i) => ({ value: String(i + 1), text }))), remark: null, created_at: now, updated_at: now, created_by: null, updated_by: null })
      .execute();
  }
}
