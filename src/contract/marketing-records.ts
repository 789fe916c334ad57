import { z } from './zod';
import { answer, defineCall } from './call';
import { fieldSchema } from './resource';
import { recordResource } from './resources/marketing';

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
