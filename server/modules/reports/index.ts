import type { Hono } from 'hono';
import { REPORT_PREVIEW_PATH } from '../../../src/contract/reports';
import { reportOrgTreeCall } from '../../../src/contract/reports-list';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { setExportText } from '../../lib/export-hook';
import { reportCellText } from '../../../src/lib/format/reportCell';
import type { ReportCell } from '../../../src/contract/reports';
import { servePreview } from './preview';
import { runReport } from './run';
import { reportOrgTree } from './scope';
import { REPORT_SOURCES } from './sources';

/**
 * 报表中心 (the reports area, src/contract/reports.ts): one read call per report, the 城市或校区
 * picker's tree, and the printable report page GET /ureport/preview. The figures are read from the
 * other areas' tables (orders, payments, refunds, leads, classes, gifts …) in integer fen; this
 * area writes nothing.
 */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const source of REPORT_SOURCES) {
    mountCall(app, source.call, async ({ db, principal, query }) => runReport(db, principal, source, query as Parameters<typeof runReport>[3]));
    // the export writes the cells as the screen shows them: yuan, percentages
    setExportText(`/${source.call.path}`, (row) => Object.fromEntries(source.def.columns.map((col) => [col.prop, reportCellText(col, row[col.prop] as ReportCell | undefined)])));
  }
  mountCall(app, reportOrgTreeCall, async ({ db, principal }) => reportOrgTree(db, principal));
  app.get(REPORT_PREVIEW_PATH, (c) => servePreview(c, deps.config, REPORT_SOURCES));
}
