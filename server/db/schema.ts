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

/** true when a declaration says `softDelete: true` (an optional property's type includes undefined). */
type SaysTrue<X> = [Exclude<X, undefined>] extends [never] ? false : [Exclude<X, undefined>] extends [true] ? true : false;

/**
 * The Kysely table type of a resource declaration, derived from its fields (no second hand-typed
 * schema): a required field is never null, others may be; school_id and del_flag as declared.
 * `Always` names the columns the server always writes although the form may leave them out (a
 * readonly field stamped by a handler, a state set on add): they are never null either.
 * `declare module '../db/schema' { interface Database { my_table: DeclaredTable<typeof myResource> } }`
 */
export type DeclaredTable<D extends { fields: DeclaredFields; scope: 'school' | 'global'; softDelete?: boolean }, Always extends keyof D['fields'] = never> = BaseColumns & {
  [K in keyof D['fields']]: D['fields'][K]['required'] extends true ? FieldTs<D['fields'][K]['type']> : K extends Always ? FieldTs<D['fields'][K]['type']> : FieldTs<D['fields'][K]['type']> | null;
} & (D['scope'] extends 'school' ? { school_id: number } : unknown) &
  (SaysTrue<D['softDelete']> extends true ? { del_flag: number } : unknown);
