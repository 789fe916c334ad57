import type { ComponentType } from 'react';

/**
 * Screens of the marketing area (spec calls.tsv `marketing`) that are more than one declared list,
 * by menu component key (server/db/seed/menus/marketing.ts); the others are `resource/<name>`.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'marketing/sms_template': () => import('./SmsTemplateScreen'),
};
