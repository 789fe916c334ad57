import { z } from './zod';
import { ANY_SIGNED_IN, answer, defineCall } from './call';
import { fieldSchema } from './resource';
import { feedbackResource } from './resources/system';

const f = feedbackResource.fields;

// A missing `content` key must still meet the required check (zod 4 skips absent optional-in keys).
const submitSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) ? { content: null, ...v } : v),
  z.object(
    {
      content: fieldSchema(f.content),
      files: fieldSchema(f.files).optional(),
    },
    { error: '请求体必须是对象' },
  ),
);

/**
 * 用户反馈 from the user menu: any signed-in user submits (no operation code); queued offline and
 * replayed with an Idempotency-Key, so one submission is one row. Its list is base_feedback/page.
 */
export const feedbackAddCall = defineCall({
  area: 'misc',
  title: '提交用户反馈',
  method: 'POST',
  path: 'api/v1/base_feedback/add',
  perm: ANY_SIGNED_IN,
  body: submitSchema,
  labels: { content: f.content.label, files: f.files.label },
  answer: answer<{ id: number; content: string; files: string | null; state: string | null }>(),
  offline: true,
});
