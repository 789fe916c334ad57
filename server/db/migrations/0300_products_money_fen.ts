import { sql, type Kysely } from 'kysely';
import { dialectOf, tableColumns } from '../dialect';

/**
 * Money became integer fen (DESIGN §7). The only money column declared before was the class
 * type's price, stored in yuan (numeric(14,2) / REAL): an installation that has it gets it in fen.
 * A new installation has no table yet here; the declaration creates it with bigint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = await tableColumns(db, 'prod_class_type');
  if (!columns.includes('price')) return;
  if (dialectOf(db) === 'postgres') {
    await sql`alter table prod_class_type alter column price type bigint using round(price * 100)`.execute(db);
  } else {
    await sql`update prod_class_type set price = cast(round(price * 100) as integer) where price is not null`.execute(db);
  }
}
