/** Addresses of 报修申请 and its sub-screens (src/contract/menus/workflow.ts). */
export const REPAIR_PATH = '/workflow/apply/repair';
export const REPAIR_SUCCESS_PATH = '/workflow/apply/repair/success';
export const REPAIR_RUKU_PATH = '/workflow/apply/repair/ruku';
