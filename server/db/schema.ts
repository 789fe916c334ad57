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

type FieldTs<T> = T extends 'int' | 'number' | 'money' | 'bool' ? number : string;
type DeclaredFields = Record<string, { type: string; required?: boolean }>;

/**
 * The Kysely table type of a resource declaration, derived from its fields (no second hand-typed
 * schema): a required field is never null, others may be; school_id and del_flag as declared.
 * `declare module '../db/schema' { interface Database { my_table: DeclaredTable<typeof myResource> } }`
 */
export type DeclaredTable<D extends { fields: DeclaredFields; scope: 'school' | 'global'; softDelete?: boolean }> = BaseColumns & {
  [K in keyof D['fields']]: D['fields'][K]['required'] extends true ? FieldTs<D['fields'][K]['type']> : FieldTs<D['fields'][K]['type']> | null;
} & (D['scope'] extends 'school' ? { school_id: number } : unknown) &
  (D['softDelete'] extends true ? { del_flag: number } : unknown);
