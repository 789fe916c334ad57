import type { ReportSource } from './source';
import { achievementSource } from './achievement';
import { salesSource } from './sales';
import { marketSource } from './market';
import { networkSource } from './network';
import { customerServiceSource } from './customer-service';
import { giftSource } from './gift';
import { classSource } from './class';
import { consumeSource } from './class_consume';
import { financeSource } from './finance';
import { foreignSource } from './foreign';
import { supplySource } from './supply_groups';

/** Every report the server computes (src/contract/reports-list.ts lists their declarations in the same order). */
export const REPORT_SOURCES: readonly ReportSource[] = [
  achievementSource,
  salesSource,
  marketSource,
  networkSource,
  customerServiceSource,
  giftSource,
  classSource,
  consumeSource,
  financeSource,
  foreignSource,
  supplySource,
];
