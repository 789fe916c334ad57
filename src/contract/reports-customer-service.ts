import type { ReportDef } from './reports';
import { reportCall } from './reports';

/**
 * 客服报表: per 班级客服 (the class's kf) and campus: the classes and students they serve in the
 * period, the complaint and repair orders (客诉工单) they handled, how many were closed and how many
 * within two days, and the renewals (续费 orders) of their students.
 */
export const customerServiceReport: ReportDef = {
  key: 'customer_service',
  code: 'reports_customer_service',
  title: '客服报表',
  note: '服务学员为区间内在其班级就读的学员；工单按投诉日期统计，及时 = 投诉后两天内办结（已解决或已关闭）；续费为其学员在区间内的续费订单。',
  columns: [
    { prop: 'school_name', label: '校区', kind: 'text', width: 120 },
    { prop: 'kf_name', label: '班级客服', kind: 'text', width: 110 },
    { prop: 'classes', label: '服务班级', kind: 'int' },
    { prop: 'students', label: '服务学员', kind: 'int' },
    { prop: 'complaints', label: '工单数', kind: 'int' },
    { prop: 'closed', label: '已办结', kind: 'int' },
    { prop: 'timely', label: '及时办结', kind: 'int' },
    { prop: 'timely_rate', label: '及时率', kind: 'percent' },
    { prop: 'renewals', label: '续费单数', kind: 'int' },
    { prop: 'renewal_amount', label: '续费金额', kind: 'money' },
  ],
  filters: [],
  defaultSort: 'students desc',
};

export const customerServiceReportCall = reportCall(customerServiceReport);
