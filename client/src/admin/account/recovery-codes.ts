import { saveBlob } from '../lists/download.ts';

// Recovery codes are shown once (decision 029); copying and a .txt file make saving them easy.

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '') || 'account'
  );
}

/** "sterling-watch-buyers-recovery-codes-sam-example.com.txt": whose codes, for which site. */
export function recoveryCodesFilename(siteName: string, email: string): string {
  return `${slug(siteName)}-recovery-codes-${slug(email)}.txt`;
}

/** A short header, then the codes one per line. */
export function recoveryCodesText(siteName: string, email: string, codes: string[], createdAt: Date): string {
  return [
    `${siteName}: two-factor recovery codes`,
    `Account: ${email}`,
    `Created: ${createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    'Each code signs you in once. Keep this file somewhere safe; new codes replace these.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Hands the text to the browser as a download. */
export function downloadText(filename: string, text: string): void {
  saveBlob(filename, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}
