import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { callThrough, provide, saveSettings } from '../../../modules/misc';
import '../../core-schema';

/** After the leads (30) and students: bindings name both. */
export const order = 85;

/** Per campus a privacy-number account with its middle numbers (the demo's, 1709 prefix). */
const middleNumbers = (campusIndex: number): string => [0, 1, 2].map((i) => `1709${String(campusIndex).padStart(3, '0')}${String(1000 + i)}`).join(',');

/**
 * Demo of 隐私号: every campus has an account; per campus its first two leads are bound through the
 * misc area's own code to a staff member of the campus (北京朝阳: the demo telemarketer and seller,
 * so their screen shows their own rows), one of them called (a follow-up record opens on the lead)
 * and the built-in provider records each request in 服务商请求记录.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('misc_unicom_binding').select('id').limit(1).executeTakeFirst()) return;
  const users = await db.selectFrom('users').select(['id', 'name', 'login_id']).where('login_id', 'in', ['admin', 'principal', 'telemarketer', 'sales']).execute();
  const byLogin = new Map(users.map((u) => [u.login_id, u]));
  const admin = byLogin.get('admin');
  if (!admin) return;
  const schools = await db.selectFrom('organisations').select(['id', 'code']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  for (const [i, school] of schools.entries()) {
    await saveSettings(db, admin.id, { school_id: school.id, enabled: true, account: `ZX-${school.code ?? school.id}`, middle_numbers: middleNumbers(i + 1), expire_minutes: 60 * 24, record_call: true });
    const staff = school.code === 'BJ-CY' ? [byLogin.get('telemarketer'), byLogin.get('sales')] : school.code === 'BJ-HD' ? [byLogin.get('principal')] : [admin];
    const leads = await db
      .selectFrom('mkt_resource')
      .select(['id', 'name', 'parent_phone', 'school_id'])
      .where('school_id', '=', school.id)
      .where('del_flag', '=', 0)
      .where('parent_phone', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();
    for (const [j, lead] of leads.entries()) {
      const who = staff[j % staff.length] ?? admin;
      const bound = await provide(db, { userId: who.id, name: who.name }, { type: 'lead', id: lead.id, schoolId: lead.school_id, name: lead.name, phone: lead.parent_phone ?? '' });
      if (j === 0) {
        const row = await db.selectFrom('misc_unicom_binding').selectAll().where('id', '=', bound.id).executeTakeFirstOrThrow();
        await callThrough(db, who.id, row);
      }
    }
  }
}
