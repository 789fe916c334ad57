import { api } from '../../api/client';
import { callApi } from '../../api/call';
import {
  instanceStepCurrentCall,
  wfDefineFormCall,
  type InstanceDetail,
} from '../../contract/workflow';

/** The workflow screens' calls beyond the typed `callApi` ones: the pickers they share with other screens. */

export interface UserOption {
  id: number;
  name: string;
  login_id?: string;
}

export interface RoleOption {
  id: number;
  code: string;
  name: string;
}

export function searchUsers(name: string): Promise<UserOption[]> {
  return api.get<UserOption[]>('api/v1/sys_user/get_user_options', { name: name || undefined, rows: 50 });
}

export function loadRoles(): Promise<RoleOption[]> {
  return api.post<RoleOption[]>('api/v1/system/role_all', {});
}

export function loadDetail(instanceId: number): Promise<InstanceDetail> {
  return callApi(instanceStepCurrentCall, { query: { instance_id: instanceId } });
}

export function loadDefineForm(tag: string) {
  return callApi(wfDefineFormCall, { query: { tag } });
}
