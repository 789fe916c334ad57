export { AttachmentField, type AttachmentFieldProps } from './AttachmentField';
export { uploadRefusal, previewKind, MAX_UPLOAD_BYTES, DEFAULT_FILE_LIMIT } from './rules';
export { uploadFile, fileAddress, signedFileAddress } from './upload';
export { useSignedFileAddress } from './useSignedFileAddress';
