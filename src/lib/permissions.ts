import { SUPER_CODE } from '../contract/auth-header';

/** True for RC999 holders or when the operation code is one of the user's (spec doc 000 §6). */
export function hasPermission(code: string, operations: readonly string[] | ReadonlySet<string>): boolean {
  const has = (c: string) => (operations instanceof Set ? operations.has(c) : (operations as readonly string[]).includes(c));
  if (has(SUPER_CODE)) return true;
  return code !== '' && has(code);
}
