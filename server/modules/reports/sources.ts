import type { ReportSource } from './source';
import { achievementSource } from './achievement';
import { salesSource } from './sales';
import { marketSource } from './market';
import { networkSource } from './network';
import { customerServiceSource } from './customer-service';
import { giftSource } from './gift';

/** Every report the server computes (src/contract/reports-list.ts lists their declarations in the same order). */
export const REPORT_SOURCES: readonly ReportSource[] = [
  achievementSource,
  salesSource,
  marketSource,
  networkSource,
  customerServiceSource,
  giftSource,
];
