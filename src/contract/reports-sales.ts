import type { ReportDef } from './reports';
import { reportCall } from './reports';

/**
 * 销售报表: the funnel per 课程顾问 and campus. Leads assigned to the consultant in the period, the
 * follow-ups they recorded, and the leads of theirs first visited, first in a trial lesson and signed
 * in the period (the lead's own first-time stamps); rates against the leads assigned and the visits.
 */
export const salesReport: ReportDef = {
  key: 'sales',
  code: 'reports_sales',
  title: '销售报表',
  note: '分配按分配时间，到访、试听、成交按资源首次到访、首次试听、签约时间统计；跟进为其资源在区间内的跟进记录。',
  columns: [
    { prop: 'school_name', label: '校区', kind: 'text', width: 120 },
    { prop: 'seller_name', label: '课程顾问', kind: 'text', width: 110 },
    { prop: 'assigned', label: '分配资源', kind: 'int' },
    { prop: 'follow_ups', label: '跟进次数', kind: 'int' },
    { prop: 'visits', label: '到访', kind: 'int' },
    { prop: 'trials', label: '试听', kind: 'int' },
    { prop: 'deals', label: '成交', kind: 'int' },
    { prop: 'visit_rate', label: '到访率', kind: 'percent' },
    { prop: 'deal_rate', label: '成交率', kind: 'percent' },
    { prop: 'visit_deal_rate', label: '到访成交率', kind: 'percent' },
  ],
  filters: [],
  defaultSort: 'deals desc',
};

export const salesReportCall = reportCall(salesReport);
