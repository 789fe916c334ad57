import type { DeclaredTable } from '../../db/schema';
import type { providerRequestResource, unicomBindingResource } from '../../../src/contract/resources/misc-unicom';

/** Tables of the misc area's SMS codes and privacy numbers (migration 0840 and the declarations). */
interface SmsCodeTable {
  id: import('kysely').Generated<number>;
  user_id: number;
  purpose: string;
  code_hash: string;
  expires_ms: number;
  wrong_tries: number;
  used: number;
  created_ms: number;
}

interface SmsThrottleTable {
  key: string;
  tries: number;
  window_start: number;
}

interface UnicomAccountTable {
  id: import('kysely').Generated<number>;
  school_id: number;
  enabled: number;
  account: string;
  middle_numbers: string;
  expire_minutes: number;
  record_call: number;
  updated_at: string;
  updated_by: number | null;
}

declare module '../../db/schema' {
  interface Database {
    sms_code: SmsCodeTable;
    sms_throttle: SmsThrottleTable;
    misc_unicom_account: UnicomAccountTable;
    misc_unicom_binding: DeclaredTable<typeof unicomBindingResource> & { school_id: number };
    misc_provider_request: DeclaredTable<typeof providerRequestResource>;
  }
}
