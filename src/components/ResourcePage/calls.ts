import { request } from '../../api/request';
import type { Envelope } from '../../contract/envelope';
import { callPath, type CallName, type ResourceDef } from '../../contract/resource';

/** The api url of a standard call of a declaration, or undefined when the declaration leaves it out. */
export function callUrl(def: ResourceDef, call: CallName): string | undefined {
  const p = callPath(def, call);
  return p ? `api/v1/${p}` : undefined;
}

export async function writeCall(def: ResourceDef, call: 'add' | 'update' | 'delete' | 'recover', data: unknown): Promise<Envelope<unknown>> {
  const url = callUrl(def, call);
  if (!url) return { code: 404, msg: '该操作不可用', data: null };
  return request({ url, method: 'POST', data });
}
