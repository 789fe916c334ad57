import { screen, type MenuSeed } from '../menu-seed';
import { REPORTS } from '../reports-list';

export const order = 45;

/**
 * Who reads each report (the administrator reads all). The screen's code is the report's operation
 * code: its call, its export and its print preview (/ureport/preview) check it.
 */
export const REPORT_GRANTS: Readonly<Record<string, readonly string[]>> = {
  reports_achievement: ['principal', 'sales', 'finance'],
  reports_sales: ['principal', 'sales'],
  reports_market: ['principal', 'telemarketer'],
  reports_network: ['principal', 'telemarketer'],
  reports_customer_service: ['principal', 'front_desk'],
  reports_gift: ['principal', 'finance'],
  // teachers read their campuses' classes, foreign teachers theirs and the foreign teachers' figures;
  // finance the money (课消, 财务); the front desk, who hands out the textbooks, the supply report
  reports_class: ['principal', 'teacher', 'foreign_teacher'],
  reports_class_consume: ['principal', 'finance'],
  reports_finance: ['principal', 'finance'],
  reports_foreign: ['principal', 'foreign_teacher'],
  reports_supply_groups: ['principal', 'front_desk'],
};

/** 报表中心: the reports area (server/modules/reports); reports only read, so they have no buttons. */
export const menus: readonly MenuSeed[] = [
  {
    name: '报表中心',
    code: 'reports',
    type: 0,
    url: '/reports',
    icon: 'chart',
    grants: [...new Set(Object.values(REPORT_GRANTS).flat())],
    children: REPORTS.map((r) => screen(r.title, `reports/${r.key}`, [], { code: r.code, grants: REPORT_GRANTS[r.code] ?? [] })),
  },
];
