import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import '../../db/core-schema';

/** The name of the city (分公司, an organisation of kind city) a campus belongs to, or null. */
export async function cityNameOf(db: Kysely<Database>, schoolId: number): Promise<string | null> {
  let id: number | undefined = schoolId;
  // a campus sits under its city, possibly through a district: a few levels at most
  for (let depth = 0; id && depth < 6; depth++) {
    const org = await db.selectFrom('organisations').select(['name', 'kind', 'parent_id']).where('id', '=', id).executeTakeFirst();
    if (!org) return null;
    if (org.kind === 'city') return org.name;
    id = org.parent_id || undefined;
  }
  return null;
}
