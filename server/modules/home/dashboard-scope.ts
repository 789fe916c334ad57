import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { missingRef, schoolScope } from '../../lib/scope';
import '../../db/core-schema';

/**
 * The campuses a dashboard counts: the caller's (DESIGN §8), or the one campus picked in the
 * filter. A campus outside the caller's answers as missing. `undefined`: every campus (an
 * all-campus caller without a filter).
 */
export async function dashboardSchools(db: Kysely<Database>, principal: Principal, schoolId: number | undefined): Promise<readonly number[] | undefined> {
  const scope = schoolScope(principal);
  if (schoolId === undefined) return scope;
  if (scope !== undefined && !scope.includes(schoolId)) throw missingRef('校区');
  const row = await db.selectFrom('organisations').select('id').where('id', '=', schoolId).where('kind', '=', 'school').where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw missingRef('校区');
  return [schoolId];
}
