import type { Hono } from 'hono';
import { feedbackResource } from '../../../../src/contract/resources/system';
import { feedbackAddCall } from '../../../../src/contract/feedback';
import type { AppDeps, AppEnv } from '../../../lib/context';
import type { DeclaredTable } from '../../../db/schema';
import { mountCall } from '../../../lib/call-routes';
import { mountResource } from '../../../lib/resource-routes';
import { nowText } from '../../../lib/time';

/** User feedback: any signed-in user submits (no operation code); the list screen manages them. */
export type FeedbackTable = DeclaredTable<typeof feedbackResource>;

declare module '../../../db/schema' {
  interface Database {
    base_feedback: FeedbackTable;
  }
}

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, feedbackResource);

  // Replayed from the offline outbox with Idempotency-Key: the transaction layer answers a repeat
  // with the first answer, so one submission is one row.
  mountCall(app, feedbackAddCall, async ({ c, body }) => {
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
    return row;
  });
}
