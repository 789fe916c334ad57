import { screen, type MenuSeed } from '../menu-seed';
import { PLAN_SCREENS as P } from '../../../../src/contract/resources/marketing-plans';

export const order = 30;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

// ---------------------------------------------------------------------------------------------
// 市场计划: plans and targets, SMS and part-time acquirers (src/contract/resources/marketing-plans.ts)
// ---------------------------------------------------------------------------------------------

/**
 * A screen of a plan declaration: `resource/<name>`, code = the declaration's name. The screen goes
 * to `readers`; its write buttons only to `writers` (the head office, RC999, holds all anyway).
 */
function planScreen(name: string, code: string, label: string, readers: readonly string[], writers: readonly string[], extra: readonly [string, string][] = []): MenuSeed {
  const seed = screen(name, `resource/${code}`, [...crud(code, label), ...extra], { code, url: `/marketing/${code.replace(/^mkt_/, '')}`, grants: readers });
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: writers })) };
}

const HEAD_OFFICE: readonly string[] = [];
const PRINCIPAL = ['principal'];

const PLAN_MENUS: MenuSeed = {
  name: '市场计划',
  code: 'mkt_plans',
  type: 0,
  url: '/marketing/plans',
  icon: 'chart',
  grants: ['principal', 'telemarketer', 'sales'],
  children: [
    planScreen('总部网络计划', P.hqNetwork, '总部网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('总部渠道网络计划', P.hqChannel, '总部渠道网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('城市网络计划', P.cityNetwork, '城市网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('城市渠道网络计划', P.cityChannel, '城市渠道网络计划', PRINCIPAL, HEAD_OFFICE),
    planScreen('校区网络计划', P.schoolNetwork, '校区网络计划', PRINCIPAL, PRINCIPAL),
    planScreen('市场计划', P.marketPlan, '市场计划', ['principal', 'telemarketer'], PRINCIPAL),
    // not the telemarketers': the staff select reads the user list, which they do not (tests/server/read-permission)
    planScreen('市场专员目标', P.marketerTarget, '市场专员目标', PRINCIPAL, PRINCIPAL),
    planScreen('课程顾问目标', P.sellerTarget, '课程顾问目标', ['principal', 'sales'], PRINCIPAL),
    planScreen('校区签约目标', P.schoolSign, '校区签约目标', ['principal', 'sales'], PRINCIPAL),
    planScreen('学管师目标', P.taTarget, '学管师目标', PRINCIPAL, PRINCIPAL),
    planScreen('校区学管计划', P.schoolTaPlan, '校区学管计划', PRINCIPAL, PRINCIPAL),
    {
      ...screen('短信模板', 'marketing/sms_template', [], { code: P.smsTemplate, url: '/marketing/sms_template', grants: ['principal', 'telemarketer'] }),
      children: [
        ...[...crud('mkt_sms_template', '短信模板'), ...crud('mkt_sms_group', '短信分组')].map(([code, name]) => ({ name, code, type: 2 as const, grants: HEAD_OFFICE })),
        { name: '发送短信', code: 'mkt_sms_template_send', type: 2, grants: ['principal', 'telemarketer'] },
      ],
    },
    // phones in full with 查看完整手机号和证件号 (a button of 学员 and 用户管理)
    planScreen('兼职人员', P.partTimeUser, '兼职人员', PRINCIPAL, PRINCIPAL),
  ],
};

export const menus: readonly MenuSeed[] = [PLAN_MENUS];
