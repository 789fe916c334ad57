import type { OptionSource } from '../../../contract/resource';

export const CLASS_SOURCE: OptionSource = { kind: 'resource', resource: 'base_class_manage', label: 'name' };
export const CLASSROOM_SOURCE: OptionSource = { kind: 'resource', resource: 'base_otm_classroom', label: 'name' };
export const SCHOOL_SOURCE: OptionSource = { kind: 'schools' };
