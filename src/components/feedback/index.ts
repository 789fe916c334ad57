export { notifySuccess, notifyError, notifyWarning, notifyInfo, confirmAction } from './notify';
export { postWrite, confirmDelete, idsOf, CONFIRM_DELETE, CONFIRM_BATCH_DELETE, NOTHING_SELECTED } from './writes';
export { useDialogSubmit, DialogActions } from './DialogSubmit';
