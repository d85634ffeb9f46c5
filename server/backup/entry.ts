// What other folders may use of backup/ (decision 049): the admin CLI's backup and restore.
export { type BackupCounts, createBackup } from './backup.ts';
export { type RestoreCounts, restoreBackup, RestoreRefusedError } from './restore.ts';
