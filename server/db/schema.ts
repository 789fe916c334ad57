/**
 * The Kysely database type. It starts empty: each module augments it with its own tables,
 *   declare module '../../db/schema' { interface Database { my_table: MyTable } }
 * so a module owns its tables and nobody edits a central list.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Database {}

/** Columns every table has (server conventions). */
export interface BaseColumns {
  id: import('kysely').Generated<number>;
  created_at: string | null;
  updated_at: string | null;
  created_by: number | null;
  updated_by: number | null;
}
