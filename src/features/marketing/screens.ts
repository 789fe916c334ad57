import type { ComponentType } from 'react';
import { funnelScreens } from './funnel/screens';

/**
 * Screens of the marketing area (spec calls.tsv `marketing`) that are more than one declared list,
 * by menu component key (src/contract/menus/marketing*.ts); the others are `resource/<name>`.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'marketing/sms_template': () => import('./SmsTemplateScreen'),
  // leads: one lead screen per pool, the call records and the call-centre log (helper mkt-leads)
  'marketing/resource': () => import('./leads/LeadScreens').then((m) => ({ default: m.AllLeadsScreen })),
  'marketing/resource_clues': () => import('./leads/LeadScreens').then((m) => ({ default: m.PublicPoolScreen })),
  'marketing/telemarketer_to_be_assigned': () => import('./leads/LeadScreens').then((m) => ({ default: m.TmkUnassignedScreen })),
  'marketing/telemarketer_assigned': () => import('./leads/LeadScreens').then((m) => ({ default: m.TmkAssignedScreen })),
  'marketing/existing_students': () => import('./leads/LeadScreens').then((m) => ({ default: m.ExistingStudentsScreen })),
  'marketing/invalid_resource': () => import('./leads/LeadScreens').then((m) => ({ default: m.InvalidLeadsScreen })),
  'marketing/call_record': () => import('./leads/CallRecordScreen'),
  'marketing/call_center': () => import('./leads/CallCenterScreen'),
  'marketing/resource_import': () => import('./import/LeadImportScreen'),
  // 添加学员, 老学员添加学员, AI日志 (绘本学员 is the declared list resource/mkt_picture_book_student)
  'marketing/add_trainees': () => import('./entry/AddTraineesScreen'),
  'marketing/students_add_trainees': () => import('./entry/ReferralScreen'),
  'marketing/ai_log_table': () => import('./entry/AiLogScreen'),
  ...funnelScreens,
};
