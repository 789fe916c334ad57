import type { ReportSource } from './source';
import { achievementSource } from './achievement';

/** Every report the server computes (src/contract/reports-list.ts lists their declarations in the same order). */
export const REPORT_SOURCES: readonly ReportSource[] = [
  achievementSource,
];
