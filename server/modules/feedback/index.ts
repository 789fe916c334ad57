import type { Hono } from 'hono';
import { z } from 'zod';
import { feedbackResource } from '../../../src/contract/resources/system';
import { fieldSchema } from '../../../src/contract/resource';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { BaseColumns } from '../../db/schema';
import { ok } from '../../lib/http';
import { parseJson } from '../../lib/validate';
import { mountResource } from '../../lib/resource-routes';
import { nowText } from '../../lib/time';

/** User feedback: any signed-in user submits (no operation code); the list screen manages them. */
export interface FeedbackTable extends BaseColumns {
  content: string;
  files: string | null;
  user_id: number | null;
  user_name: string | null;
  state: string | null;
  reply: string | null;
}

declare module '../../db/schema' {
  interface Database {
    base_feedback: FeedbackTable;
  }
}

const f = feedbackResource.fields;
// A missing `content` key must still meet the required check (zod 4 skips absent optional-in keys).
const submitSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) ? { content: null, ...v } : v),
  z.object({
    content: fieldSchema(f.content),
    files: fieldSchema(f.files).optional(),
  }, { error: '请求体必须是对象' }),
);

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, feedbackResource);

  // Replayed from the offline outbox with Idempotency-Key: the transaction layer answers a repeat
  // with the first answer, so one submission is one row.
  app.post('/api/v1/base_feedback/add', async (c) => {
    const body = await parseJson(c, submitSchema, { content: f.content.label, files: f.files.label });
    const p = c.var.principal;
    const now = nowText();
    const row = await c.var.db
      .insertInto('base_feedback')
      .values({
        content: String(body.content),
        files: body.files ? String(body.files) : null,
        user_id: p.userId,
        user_name: p.name,
        state: '待处理',
        reply: null,
        created_at: now,
        updated_at: now,
        created_by: p.userId,
        updated_by: p.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(c, row);
  });
}
