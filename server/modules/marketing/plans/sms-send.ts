import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { ApiError, notFound } from '../../../lib/http';
import { mountCall } from '../../../lib/call-routes';
import { nowText } from '../../../lib/time';
import { SMS_PLACEHOLDER, smsSendCall, type SmsSent } from '../../../../src/contract/marketing-plans';
import { smsProvider } from './sms-provider';

const STATE_CODE = { recorded: 1, sent: 2, failed: 3 } as const;

/** The template's text with its placeholders filled; a placeholder without a value is refused. */
export function fillTemplate(content: string, params: Readonly<Record<string, string>>): string {
  const missing = [...content.matchAll(SMS_PLACEHOLDER)].map((m) => m[1]).filter((k) => params[k] === undefined || params[k] === '');
  if (missing.length > 0) throw new ApiError(400, `请填写短信占位符：${[...new Set(missing)].join('、')}`);
  return content.replace(SMS_PLACEHOLDER, (_all, key: string) => params[key]);
}

export function registerSmsSend(app: Hono<AppEnv>): void {
  mountCall(app, smsSendCall, async ({ db, principal, body }) => {
    const template = await db.selectFrom('mkt_sms_template').selectAll().where('id', '=', body.template_id).executeTakeFirst();
    if (!template) throw notFound();
    if (Number(template.state) !== 1) throw new ApiError(400, `短信模板「${String(template.name)}」已停用，不能发送`);
    const params = body.params ?? {};
    const content = `【${String(template.sign_name)}】${fillTemplate(String(template.content), params)}`;
    const provider = smsProvider();
    const out: SmsSent[] = [];
    const now = nowText();
    for (const phone of new Set(body.phones)) {
      let result;
      try {
        result = await provider.send({ phone, signName: String(template.sign_name), templateCode: (template.template_code as string | null) ?? null, content, params });
      } catch (err) {
        // a provider that throws is one failed message, recorded as such; the others still go
        result = { state: 'failed' as const, messageId: null, error: err instanceof Error ? err.message.slice(0, 255) : '服务商未应答' };
      }
      const saved = await db
        .insertInto('mkt_sms_record')
        .values({
          template_id: body.template_id,
          phone,
          content,
          provider: provider.name,
          provider_message_id: result.messageId,
          state: STATE_CODE[result.state],
          error: result.error ?? null,
          sender_name: principal.name,
          created_at: now,
          updated_at: now,
          created_by: principal.userId,
          updated_by: principal.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      out.push({ id: Number(saved.id), phone, content, provider: provider.name, state: STATE_CODE[result.state], provider_message_id: result.messageId, error: result.error ?? null });
    }
    return out;
  });
}
