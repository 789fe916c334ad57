/** Titles of the fixed routes inside the layout (spec doc 000 §2). */
export const FIXED_TITLES: Record<string, string> = {
  '/home': '首页',
  '/settings': '个人设置',
  '/user_notice': '用户消息',
  '/system/base/guide': '操作指南',
  '/wf/clockIn': '考勤打卡',
  '/class_degree': '班级进度',
  '/task/task_center/apply': '发起申请',
  '/task/task_center/approval': '审批',
};

export const BASE_TITLE = '校区后台';

export function documentTitle(routeTitle: string | null | undefined): string {
  return routeTitle ? `${BASE_TITLE} - ${routeTitle}` : BASE_TITLE;
}
