export { notifySuccess, notifyError, notifyWarning, notifyInfo, confirmAction } from './notify';
