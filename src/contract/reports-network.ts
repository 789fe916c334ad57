import type { ReportDef } from './reports';
import { reportCall } from './reports';

/**
 * 网络报表: the online leads (来源 网络推广) per campus received in the period, valid, visited and
 * signed, beside the campus's 网络计划 targets of the months the period touches and the 网络明细
 * spend and platform lead count of the period.
 */
export const networkReport: ReportDef = {
  key: 'network',
  code: 'reports_network',
  title: '网络报表',
  note: '来源为网络推广的资源，按录入时间统计；目标取校区网络计划中区间所含月份；消费与留资取网络明细。',
  columns: [
    { prop: 'school_name', label: '校区', kind: 'text', width: 120 },
    { prop: 'received', label: '接收资源', kind: 'int' },
    { prop: 'valid', label: '有效资源', kind: 'int' },
    { prop: 'visited', label: '到访', kind: 'int' },
    { prop: 'dealt', label: '成交', kind: 'int' },
    { prop: 'target_leads', label: '目标资源量', kind: 'int' },
    { prop: 'target_visits', label: '目标到访量', kind: 'int' },
    { prop: 'target_signs', label: '目标签约量', kind: 'int' },
    { prop: 'lead_done_rate', label: '资源达成率', kind: 'percent' },
    { prop: 'spend', label: '推广消费', kind: 'money' },
    { prop: 'platform_leads', label: '平台留资', kind: 'int' },
    { prop: 'deal_rate', label: '成交率', kind: 'percent' },
  ],
  filters: [],
  defaultSort: 'received desc',
};

export const networkReportCall = reportCall(networkReport);
