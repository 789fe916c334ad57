import { z } from './zod';
import { answer, defineCall } from './call';
import { fieldSchema } from './resource';
import { recordResource } from './resources/marketing';
import { studentVisitResource } from './resources/marketing-funnel';

const f = recordResource.fields;

/**
 * 写跟进 (mkt_record/add, the declared add of the follow-up record) as a call the outbox may queue:
 * telemarketers and sellers write follow-ups on phones with a flaky connection. The server's
 * transaction layer answers a replay with the same Idempotency-Key with the first answer, so one
 * follow-up is one record; the record keeps the time it was written (the outbox's age header).
 */
export const recordAddCall = defineCall({
  area: 'marketing',
  title: '新增跟进记录',
  method: 'POST',
  path: 'api/v1/mkt_record/add',
  perm: 'mkt_record_add',
  body: z.object(
    {
      resource_id: fieldSchema(f.resource_id),
      result: fieldSchema(f.result),
      way: fieldSchema(f.way).optional(),
      content: fieldSchema(f.content),
      next_follow_at: fieldSchema(f.next_follow_at).optional(),
    },
    { error: '请求体必须是对象' },
  ),
  labels: { resource_id: f.resource_id.label, result: f.result.label, way: f.way.label, content: f.content.label, next_follow_at: f.next_follow_at.label },
  answer: answer<{ id: number; resource_id: number; follow_at: string }>(),
  offline: true,
});

const v = studentVisitResource.fields;

/**
 * 到访 (mkt_student_visit/add, the declared add of the visit record) as a call the outbox may queue:
 * a seller notes a family's visit on a phone while walking them round the campus, where the
 * connection comes and goes. The Idempotency-Key makes a resend one visit (one 已到访 invitation,
 * one stamp); the visit keeps the time the seller gave it, so a late arrival dates nothing wrong.
 */
export const visitAddCall = defineCall({
  area: 'marketing',
  title: '新增到访记录',
  method: 'POST',
  path: 'api/v1/mkt_student_visit/add',
  perm: 'mkt_student_visit_add',
  body: z.object(
    {
      resource_id: fieldSchema(v.resource_id),
      visit_time: fieldSchema(v.visit_time),
      receiver_id: fieldSchema(v.receiver_id).optional(),
      result: fieldSchema(v.result).optional(),
      content: fieldSchema(v.content).optional(),
    },
    { error: '请求体必须是对象' },
  ),
  labels: { resource_id: v.resource_id.label, visit_time: v.visit_time.label, receiver_id: v.receiver_id.label, result: v.result.label, content: v.content.label },
  answer: answer<{ id: number; resource_id: number; visit_time: string }>(),
  offline: true,
});
