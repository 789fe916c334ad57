import type { ReportDef } from './reports';
import { reportCall } from './reports';
import { STUDENT_SOURCES } from './resources/students';

/**
 * 市场报表: leads received in the period by campus and source (来源), how many are valid (not in the
 * 无效 pool), visited and signed so far, and the rates; by campus alone it sets the budget and lead
 * target of the campus's 市场计划 overlapping the period beside them.
 */
export const marketReport: ReportDef = {
  key: 'market',
  code: 'reports_market',
  title: '市场报表',
  note: '资源按录入时间统计；有效 = 未进入无效池；到访、成交为这些资源至今的首次到访与签约；按校区汇总时列出与区间重叠的市场计划预算与目标资源量。',
  columns: [
    { prop: 'school_name', label: '校区', kind: 'text', width: 120 },
    { prop: 'source_text', label: '来源', kind: 'text', width: 100 },
    { prop: 'leads', label: '资源量', kind: 'int' },
    { prop: 'valid', label: '有效资源', kind: 'int' },
    { prop: 'valid_rate', label: '有效率', kind: 'percent' },
    { prop: 'visited', label: '到访', kind: 'int' },
    { prop: 'visit_rate', label: '到访率', kind: 'percent' },
    { prop: 'deals', label: '成交', kind: 'int' },
    { prop: 'deal_rate', label: '成交率', kind: 'percent' },
    { prop: 'plan_budget', label: '计划预算', kind: 'money' },
    { prop: 'plan_target_leads', label: '目标资源量', kind: 'int' },
    { prop: 'cost_per_lead', label: '单资源成本', kind: 'money' },
  ],
  filters: [
    { name: 'source', label: '来源', options: STUDENT_SOURCES },
    {
      name: 'group_by',
      label: '汇总方式',
      options: [
        { value: 'school_source', text: '按校区和来源' },
        { value: 'school', text: '按校区' },
      ],
    },
  ],
  defaultSort: 'leads desc',
};

export const marketReportCall = reportCall(marketReport);
