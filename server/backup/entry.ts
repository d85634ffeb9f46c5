// What other folders may use of backup/ (decision 049): the admin CLI's backup and restore.
export { BackupFileExistsError, BackupFormatError } from './archive.ts';
export { createBackup } from './backup.ts';
export { restoreBackup, RestoreRefusedError } from './restore.ts';
