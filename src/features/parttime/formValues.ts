import type { FormValue } from '../../components/ResourcePage';

export type Values = Record<string, FormValue>;

/** A form value as the call's body wants it: '' and null are left out. */
export function optional(v: FormValue | undefined): string | number | undefined {
  return v === null || v === undefined || v === '' ? undefined : v;
}
