import type { FieldDef, ResourceDef } from '../../../contract/resource';
import { organSchoolResource, SCHOOL_CODE_PERM } from '../../../contract/resources/base-school';

/**
 * The settings dialogs of a campus file (spec: pay, POS and campus code settings): each is the
 * declaration's form cut to its own fields. The campus is the row's and stays (no campus select);
 * the campus code saves through `update_sch_code`, which refuses a code another campus uses.
 */
function onlyFields(names: readonly string[], required: boolean): Record<string, FieldDef> {
  const out: Record<string, FieldDef> = {};
  for (const [name, f] of Object.entries(organSchoolResource.fields) as [string, FieldDef][]) {
    out[name] = names.includes(name) ? { ...f, form: true, required: required || f.required } : { ...f, form: false };
  }
  return out;
}

export interface CodeDialog {
  key: string;
  /** the row button and the dialog title */
  label: string;
  perm: string;
  def: ResourceDef;
}

const cut = (title: string, names: readonly string[], required: boolean, update?: string): ResourceDef => ({
  ...organSchoolResource,
  title,
  scope: 'global',
  fields: onlyFields(names, required),
  calls: update ? { update } : undefined,
});

export const CODE_DIALOGS: readonly CodeDialog[] = [
  { key: 'pay', label: '收款码设置', perm: 'base_organ_school_update', def: cut('收款码设置', ['pay_merchant_no', 'pay_account_name'], false) },
  { key: 'pos', label: 'POS设置', perm: 'base_organ_school_update', def: cut('POS设置', ['pos_terminal_no', 'pos_merchant_no'], false) },
  { key: 'sch_code', label: '校区编码设置', perm: SCHOOL_CODE_PERM, def: cut('校区编码设置', ['sch_code'], true, 'base_organ_school/update_sch_code') },
];
