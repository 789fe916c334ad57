import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import './schema';

export type ProviderKind = 'sms_code' | 'bind' | 'update' | 'release' | 'call';

const clip = (text: string): string => (text.length > 1000 ? `${text.slice(0, 997)}...` : text);

/**
 * Writes one request to 服务商请求记录 (misc_provider_request), whatever the provider: the built-in
 * ones send nothing, so this is where the administrator sees what would have gone to the carrier.
 * Phones in `request` are masked by the caller; a verification code is kept in full (this screen is
 * the administrator's alone).
 */
export async function logProviderRequest(
  db: Kysely<Database>,
  by: number | null,
  entry: { provider: string; kind: ProviderKind; target: string | null; request: Record<string, unknown>; answer: Record<string, unknown> },
): Promise<void> {
  const now = nowText();
  await db
    .insertInto('misc_provider_request')
    .values({
      provider: entry.provider,
      kind: entry.kind,
      target: entry.target,
      request: clip(JSON.stringify(entry.request)),
      answer: clip(JSON.stringify(entry.answer)),
      sent_at: now,
      created_at: now,
      updated_at: now,
      created_by: by,
      updated_by: by,
    })
    .execute();
}
