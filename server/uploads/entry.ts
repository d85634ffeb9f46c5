// What other features may use of uploads/ (decision 049): they import this file, never its others.
export { deletePhotoFiles, type UploadStorage } from './storage.ts';
