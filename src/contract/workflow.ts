import { z } from 'zod';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { pageQuerySchema } from './paging';

/**
 * The special calls of the workflow area (spec calls.tsv `workflow`) built so far: the staff
 * attendance punch of /wf/clockIn (screens.tsv: workflow "clock in"), queued offline.
 */

const AREA = 'workflow';
const PAGE = pageQuerySchema;

export const punchSchema = z.object({
  /** the moment of the tap ('YYYY-MM-DD HH:mm:ss'); an offline replay keeps it */
  time: z.string({ error: '请提供打卡时间' }).regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, '打卡时间格式应为 YYYY-MM-DD HH:mm:ss'),
  lat: z.coerce.number().min(-90, '纬度超出范围').max(90, '纬度超出范围').optional(),
  lng: z.coerce.number().min(-180, '经度超出范围').max(180, '经度超出范围').optional(),
  accuracy: z.coerce.number().min(0, '定位精度不能为负数').max(100000, '定位精度超出范围').optional(),
  device: z.string({ error: '请提供设备信息' }).trim().min(1, '请提供设备信息').max(128, '设备信息不能超过128个字符'),
});
export type PunchBody = z.infer<typeof punchSchema>;

export interface PunchRow {
  id: number;
  user_id: number;
  user_name: string;
  punch_time: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  device: string;
  /** stamped at insert (the column admits null, as every table's stamps) */
  created_at: string | null;
}

export const punchCall = defineCall({
  area: AREA,
  title: '考勤打卡',
  method: 'POST',
  path: 'api/v1/wf_clock_in/punch',
  perm: 'wf_clock_in_punch',
  body: punchSchema,
  labels: { time: '打卡时间', lat: '纬度', lng: '经度', accuracy: '定位精度', device: '设备' },
  answer: answer<PunchRow>(),
  offline: true,
});
export const punchPageCall = defineCall({
  area: AREA,
  title: '打卡记录',
  method: 'GET',
  path: 'api/v1/wf_clock_in/page',
  perm: 'workflow_clock_in',
  query: PAGE.extend({
    user_id: z.coerce.number({ error: '用户必须是数字' }).int().positive().optional(),
    date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 YYYY-MM-DD').optional(),
    date_end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为 YYYY-MM-DD').optional(),
  }),
  labels: { user_id: '用户', date_start: '开始日期', date_end: '结束日期' },
  answer: answer<Page<PunchRow>>(),
});
