import type { ReportDef } from './reports';
import { reportCall } from './reports';

export const SUPPLY_REPORT_GROUPS = [
  { value: 'class_type', text: '按班型' },
  { value: 'school', text: '按校区' },
] as const;

/**
 * 供应组报表 (the spec does not define it; docs/reports.md): the textbook supply of each campus and
 * class type: students enrolled now (在读), the textbooks the class type uses (教材, 启用), and the
 * period's book orders (教材订单) for those textbooks: ordered, delivered (已发书), still to deliver
 * (待付款/已付款), their amount, and the share of enrolled students who received a book (发书覆盖率).
 * Cancelled orders do not count; textbooks of no class type show as 通用教材.
 */
export const supplyReport: ReportDef = {
  key: 'supply_groups',
  code: 'reports_supply_groups',
  title: '供应组报表',
  note: '在读学员为当前数；教材订单按下单日期统计，已取消的不计；发书覆盖率 = 已发书学员 ÷ 在读学员。',
  columns: [
    { prop: 'name', label: '名称', kind: 'text', width: 140 },
    { prop: 'school_name', label: '校区', kind: 'text', width: 110 },
    { prop: 'students', label: '在读学员', kind: 'int', width: 80 },
    { prop: 'textbooks', label: '适用教材', kind: 'int', width: 80 },
    { prop: 'ordered_qty', label: '订购数量', kind: 'int', width: 80 },
    { prop: 'delivered_qty', label: '已发书', kind: 'int', width: 80 },
    { prop: 'pending_qty', label: '待发书', kind: 'int', width: 80 },
    { prop: 'amount', label: '教材金额', kind: 'money', width: 100 },
    { prop: 'supplied_students', label: '已发书学员', kind: 'int', width: 90 },
    { prop: 'coverage', label: '发书覆盖率', kind: 'percent', width: 90 },
  ],
  filters: [{ name: 'group_by', label: '统计维度', options: SUPPLY_REPORT_GROUPS }],
  defaultSort: 'students desc',
};

export const supplyReportCall = reportCall(supplyReport);
