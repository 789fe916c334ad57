import { OPTIONSET_COLUMNS } from '../optionset/OptionSetPage';
import { ORG_COLUMNS } from '../org/OrgPage';
import { ROLE_COLUMNS } from '../role/RolePage';
import { USER_COLUMNS } from '../user/UserPage';

/**
 * Tables with column preferences that are not declarations (their keys are the `tableKey` of the
 * screens). Saved preferences hold only props, so their headers come from here.
 */
const labelsOf = (cols: readonly { prop: string; label: string }[]) => Object.fromEntries(cols.map((c) => [c.prop, c.label]));

export const KNOWN_TABLES: Readonly<Record<string, { title: string; labels?: Readonly<Record<string, string>> }>> = {
  system_user: { title: '用户管理', labels: labelsOf(USER_COLUMNS) },
  system_role: { title: '角色管理', labels: labelsOf(ROLE_COLUMNS) },
  system_org: { title: '组织管理', labels: labelsOf(ORG_COLUMNS) },
  system_optionset: { title: '选项集', labels: labelsOf(OPTIONSET_COLUMNS) },
  sys_notice: {
    title: '通知公告',
    labels: { title: '标题', state: '状态', target_ids: '发布范围', is_top: '置顶', publisher: '发布人', publish_time: '发布时间', created_at: '创建时间' },
  },
  educational_absence: { title: '缺勤记录' },
  educational_check_in: { title: '点名记录' },
};
