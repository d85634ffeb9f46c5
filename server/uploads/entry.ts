// What other features may use of uploads/ (decision 049): they import this file, never its others.
export { deletePhotoFiles, type UploadStorage, uploadStorageFor } from './storage.ts';
export { findUpload, thumbnailFor } from './uploads.ts';
export { processPhoto, type ProcessedPhoto, UploadRejectedError } from './image.ts';
export { savePhoto } from './uploads.ts';
export { moveStoredFiles, type MoveCounts } from './move.ts';
export { createUploadStorage } from './storage.ts';
