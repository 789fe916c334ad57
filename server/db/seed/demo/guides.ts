import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { sanitizeNoticeHtml } from '../../../lib/html-sanitize';
import { nowText } from '../../../lib/time';
import '../../../modules/teaching';

export const order = 5;

/** Published operation guides for the tasks every new member of staff does in the first week. */
const GUIDES: readonly { title: string; content: string }[] = [
  {
    title: '如何登录系统',
    content: `<p>打开系统地址后进入登录页：</p>
<ol><li>在「账号」中输入管理员为您开通的登录账号（一般为工号或手机号）。</li>
<li>在「密码」中输入密码，点击「登 录」。首次登录或密码被重置后，系统会要求先修改密码：新密码须为 8-64 位，且同时包含字母和数字。</li>
<li>登录后左侧为菜单，顶部为面包屑、消息铃铛和用户菜单；打开过的页面会以标签的形式保留在顶部，刷新浏览器后仍然保留。</li></ol>
<p>使用学校统一身份认证的机构，登录页会显示「统一身份认证登录」，点击后在认证页面完成登录即可自动返回。忘记密码请联系校区管理员重置。</p>`,
  },
  {
    title: '前台如何为学员签到',
    content: `<p>前台在「教务管理 → 前台签到」中为当天上课的学员签到：</p>
<ol><li>选择校区和日期（默认今天），列表显示当天所有班级及课次。</li>
<li>点开班级，在花名册中为每位学员选择「出勤」「迟到」「请假」或「缺勤」，点击「提交签到」。出勤和迟到会扣减学员的剩余课时。</li>
<li>网络中断时也可以继续签到：签到记录会先保存在本机，顶部显示「N 条待同步」，联网后自动按顺序提交，不会重复扣课时。</li></ol>
<p>签错时，在「考勤记录」中修改或撤销（需要相应权限）；超过签到期限的课次需由校长延长期限后再签。</p>`,
  },
  {
    title: '如何考勤打卡',
    content: `<p>员工每天上下班在系统中打卡：</p>
<ol><li>点击右上角头像，在用户菜单中选择「考勤打卡」。</li>
<li>页面显示当前时间和今天的打卡记录，点击「打卡」完成一次打卡；上班和下班各打一次。</li>
<li>手机网络不好时打卡会先保存在本机并显示为待同步，恢复网络后自动提交，同一次打卡只会记录一次。</li></ol>
<p>离开打卡页面后页面会自动刷新，回来时显示最新的打卡记录。</p>`,
  },
  {
    title: '如何导出列表数据',
    content: `<p>大多数列表页面（学员、班级、考勤记录等）都可以导出为 Excel：</p>
<ol><li>在列表上方的搜索条件中筛选出需要的数据，点击「搜索」。</li>
<li>点击表格工具栏中的「导出」，系统按当前的筛选条件和显示的列生成文件，单次最多 10000 行。</li>
<li>文件准备好后会自动下载；数据较多时可以先离开页面，稍后在「系统管理 → 我的导出」中下载或取消。</li></ol>
<p>需要的列没有显示时，先在表格的列设置中勾选该列，再导出。</p>`,
  },
];

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  for (const [i, g] of GUIDES.entries()) {
    await db
      .insertInto('sys_guide')
      .values({
        title: g.title,
        content: sanitizeNoticeHtml(g.content.replace(/\n/g, '')),
        status: 1,
        sort: (i + 1) * 10,
        publish_time: now,
        created_at: now,
        updated_at: now,
        created_by: null,
        updated_by: null,
      })
      .execute();
  }
}
