import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { likeInsensitive, likePattern } from '../../db/dialect';
import { sql } from 'kysely';
import { ApiError } from '../../lib/http';
import { mountResource } from '../../lib/resource-routes';
import { auditLogResource, loggerUserListCall } from '../../../src/contract/resources/misc';
import '../../lib/audit';
import { registerUnicom } from './unicom';
import { registerSmsCodes } from './sms-routes';

/**
 * 操作日志 (the audit log): `logger/search` is the page call of its declaration (mounted with the
 * other declarations); `logger/user_list` answers the users who appear in the log, for its filter.
 */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  mountResource(app, auditLogResource, {
    // record_id: the entries that wrote this row (record_ids is comma-framed: ',3,17,')
    extendPage(qb, query) {
      const raw = query.record_id;
      if (raw === undefined || raw === '') return qb;
      if (!/^\d{1,12}$/.test(raw)) throw new ApiError(400, '记录 id 必须是正整数');
      return qb.where(sql.ref('audit_log.record_ids'), 'like', `%,${raw},%`);
    },
  });
  mountCall(app, loggerUserListCall, async ({ c, query }) => {
    let q = c.var.db.selectFrom('audit_log').select(['user_id', 'user_name']).distinct().where('user_id', 'is not', null);
    if (query.name) q = q.where(likeInsensitive('user_name', likePattern(query.name)));
    const rows = await q.orderBy('user_id').limit(500).execute();
    return rows.map((r) => ({ value: Number(r.user_id), text: r.user_name ?? '' }));
  });
  registerUnicom(app);
  registerSmsCodes(app, deps);
}

// Public module: what other areas (and the demo seed) may call.
export { settingsOf, saveSettings, provide, callThrough, type Staff, type Customer } from './unicom';
export { usePrivacyNumberProvider, recordingPrivacyProvider, type PrivacyNumberProvider } from './unicom-provider';
