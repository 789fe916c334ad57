import { screen, type MenuSeed } from '../menu-seed';
import { CMP_PERM, CMP_SCREEN } from '../cmp';

/**
 * The daily reports and the plan report (src/features/cmp) under 教学管理, beside 校区经营计划 and
 * 日报生成规则 (menus/teaching.ts): the directory's code `teaching` is the same, so the sync puts
 * both files' screens in one directory. 重新生成 is the head office's (RC999 only); principals see
 * every 学管日报 of their campuses, a teacher who is a class's 班级客服 their own.
 */
export const order = 23;

const PRINCIPAL = ['principal'];
/** after 日报生成规则 (the 14th screen of menus/teaching.ts), before 客诉工单 */
const AFTER_GEN_RULES = 14;
const HEAD_OFFICE: readonly string[] = [];

const button = (code: string, name: string, grants: readonly string[]): MenuSeed => ({ name, code, type: 2, grants });

export const menus: readonly MenuSeed[] = [
  {
    name: '教学管理',
    code: 'teaching',
    type: 0,
    url: '/teaching',
    icon: 'education',
    grants: ['principal', 'teacher', 'foreign_teacher', 'front_desk'],
    children: [
      { ...screen('城市日报', 'cmp/daily_report_city', [], { code: CMP_SCREEN.city, url: '/teaching/cmp_daily_report_city', grants: PRINCIPAL, order: AFTER_GEN_RULES }), children: [button(CMP_PERM.regenerate.city, '重新生成城市日报', HEAD_OFFICE)] },
      { ...screen('校区日报', 'cmp/daily_report_school', [], { code: CMP_SCREEN.school, url: '/teaching/cmp_daily_report_school', grants: PRINCIPAL, order: AFTER_GEN_RULES }), children: [button(CMP_PERM.regenerate.school, '重新生成校区日报', HEAD_OFFICE)] },
      {
        ...screen('学管日报', 'cmp/daily_report_ta', [], { code: CMP_SCREEN.ta, url: '/teaching/cmp_daily_report_ta', grants: ['principal', 'teacher'], order: AFTER_GEN_RULES }),
        children: [button(CMP_PERM.regenerate.ta, '重新生成学管日报', HEAD_OFFICE), button(CMP_PERM.ta_all, '查看全部学管日报', PRINCIPAL)],
      },
      screen('计划报表', 'cmp/plan_reports', [], { code: CMP_SCREEN.plan, url: '/teaching/cmp_plan_report', grants: PRINCIPAL, order: AFTER_GEN_RULES }),
    ],
  },
];
