export { FilePopup, FILE_POPUP_WIDTH } from './file-popup';
export type { FilePopupProps } from './file-popup';
export { UploadWidget } from './upload-widget';
export type { UploadedEntry, UploadWidgetProps, UploadWidgetValue } from './upload-widget';
export { downloadStoredFile, postFile } from './upload-request';
export { shortFileName } from './upload-values';
export { StoredImage, useStoredFileUrl } from './stored-image';
export type { StoredImageProps } from './stored-image';
