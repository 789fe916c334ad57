export { ResourcePage, CONFIRM_DELETE, CONFIRM_BATCH_DELETE, type ResourcePageProps, type PagePerms, type TreeFilter, type PageContext } from './ResourcePage';
export { ResourceForm, formFieldsOf, type ResourceFormProps } from './ResourceForm';
export { FieldInput, type FieldInputProps, type FormValue } from './FieldInput';
export { columnsOf, useColumnOptions } from './columns';
export { callUrl, writeCall } from './calls';
export { MasterDetailPage, type MasterDetailPageProps } from './MasterDetailPage';
export { FieldsDialog, type FieldsDialogProps } from './FieldsDialog';
