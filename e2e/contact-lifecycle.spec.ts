import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { signInAsAdmin, toast } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

// Decisions 034-036 in the real app and browser: a CSV import with bad rows run by the worker and its
// report downloaded; suppressions added, searched and removed; a contact added by hand and erased.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DOMAIN = `life-${RUN}.e2e.test`;
const at = (name: string) => `${name}@${DOMAIN}`;
// The suppression test's own addresses: the import test lists one under DOMAIN.
const SUP_DOMAIN = `sup.${DOMAIN}`;
const sup = (name: string) => `${name}@${SUP_DOMAIN}`;

test('imports a CSV with bad rows through the worker and downloads the rejected rows', async ({ page }) => {
  await e2eDatabase()
    .insertInto('email_suppressions')
    .values({ email: at('blocked'), email_hash: sql<string>`email_hash(${at('blocked')})`, reason: 'manual' })
    .execute();
  await signInAsAdmin(page, { at: '/admin/contacts' });
  await page.getByRole('tablist', { name: 'Contacts pages' }).getByRole('tab', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/import$/);

  await page.getByText('Paste text').click();
  const csv = [
    'Email,Full Name,Phone,Email opt-in',
    `${at('ann')},Ann Archer,0412 000 001,yes`,
    `${at('ben')},Ben Baker,,yes`,
    'not an address,Bad Row,,yes',
    `${at('ANN')},Ann Again,,yes`,
    `${at('blocked')},Blocked,,yes`,
    `${at('cat')},Cat Carter,,no`,
  ].join('\n');
  await page.getByRole('textbox', { name: 'CSV text' }).fill(csv);
  await page.getByRole('button', { name: 'Continue to column mapping' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/import\?id=/);
  await expect(page.getByText('Pasted text: 6 rows under the header.')).toBeVisible();
  // The header's names map themselves.
  await expect(page.getByRole('combobox', { name: 'E-mail', exact: true })).toHaveValue('Email');
  await expect(page.getByRole('combobox', { name: 'E-mail marketing consent (yes/no)' })).toHaveValue(
    'Email opt-in',
  );

  await page.getByRole('combobox', { name: 'Consent basis' }).click();
  await page.getByRole('option', { name: 'Existing customer who agreed to marketing' }).click();
  await page
    .getByRole('textbox', { name: 'Source note' })
    .fill('Customer sign-up sheets 2024, kept in the office');
  await page.getByLabel('Date the consent was obtained').fill('2024-12-01');
  await page.getByRole('button', { name: 'Dry run' }).click();

  const summary = page.getByLabel('Dry run summary');
  await expect(summary).toContainText('Create: 3');
  await expect(summary).toContainText('Skip: 3');
  const dryRow = (row: number) =>
    page.getByRole('table', { name: 'Dry run rows' }).getByRole('row', { name: new RegExp(`^${row} `) });
  await expect(dryRow(2)).toContainText('Create');
  await expect(dryRow(4)).toContainText('Invalid e-mail address');
  await expect(dryRow(5)).toContainText('Duplicate of an earlier row in the file');
  await expect(dryRow(6)).toContainText('On the suppression list');
  // Nothing is written by the dry run.
  const before = await e2eDatabase()
    .selectFrom('leads')
    .select('id')
    .where('email', 'like', `%@${DOMAIN}`)
    .execute();
  expect(before).toHaveLength(0);

  await page.getByRole('button', { name: 'Import 3 contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible({ timeout: 30_000 });
  const results = page.getByLabel('Import results');
  await expect(results).toContainText('Created: 3');
  await expect(results).toContainText('Rejected: 3');
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^import-rejected-rows-\d{4}-\d{2}-\d{2}\.csv$/);
  const report = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(report).toEqual([
    'Row,Email,Full Name,Phone,Reason',
    '4,not an address,Bad Row,,Invalid e-mail address',
    `5,${at('ANN')},Ann Again,,Duplicate of an earlier row in the file`,
    `6,${at('blocked')},Blocked,,On the suppression list`,
  ]);

  const contacts = await e2eDatabase()
    .selectFrom('leads')
    .select(['email', 'email_marketing_consent'])
    .where('email', 'like', `%@${DOMAIN}`)
    .orderBy('email')
    .execute();
  expect(contacts).toEqual([
    { email: at('ann'), email_marketing_consent: true },
    { email: at('ben'), email_marketing_consent: true },
    { email: at('cat'), email_marketing_consent: false },
  ]);
});

test('suppressions: add a pasted list, search, remove with a note', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/contacts/suppressions' });
  await page.getByRole('button', { name: 'Add addresses' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add addresses to the suppression list' });
  await dialog
    .getByRole('textbox', { name: 'E-mail addresses' })
    .fill(`${sup('s1')}, ${sup('s2')}\n${sup('s3')}`);
  await dialog.getByRole('button', { name: 'Add 3 addresses' }).click();
  await expect(toast(page, 'Added 3 addresses')).toBeVisible();

  await page.getByPlaceholder('Search by email...').fill(SUP_DOMAIN);
  await expect(page).toHaveURL(/search=/);
  const rows = page.getByRole('row').filter({ hasText: SUP_DOMAIN });
  await expect(rows).toHaveCount(3);
  await page.reload();
  await expect(rows).toHaveCount(3);

  await page.getByRole('button', { name: `Remove ${sup('s2')} from the list` }).click();
  const remove = page.getByRole('dialog', { name: 'Remove from the suppression list' });
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove.getByText('Say why the address may receive campaigns again')).toBeVisible();
  await remove.getByRole('textbox', { name: 'Note' }).fill('Customer asked to hear from us again');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Removed from the suppression list')).toBeVisible();
  await expect(rows).toHaveCount(2);
  const audit = await e2eDatabase()
    .selectFrom('audit_log')
    .select('summary')
    .where('action', '=', 'admin.suppressions.remove')
    .execute();
  expect(JSON.stringify(audit)).toContain('Customer asked to hear from us again');
});

test('adds a contact by hand, edits it, then erases it', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/contacts' });
  await page.getByRole('button', { name: 'Add contact' }).click();
  const add = page.getByRole('dialog', { name: 'Add a contact' });
  await add.getByRole('textbox', { name: 'E-mail' }).fill(at('erin'));
  await add.getByRole('textbox', { name: 'Full name' }).fill('Erin Example');
  await add.getByRole('checkbox', { name: 'The contact agreed to e-mail marketing' }).check();
  await add.getByRole('combobox', { name: 'Consent basis' }).click();
  await page.getByRole('option', { name: 'Agreed in person' }).click();
  await add.getByRole('textbox', { name: 'Source note' }).fill('Signed the form at the Sydney office');
  await add.getByLabel('Date the contact agreed').fill('2025-03-14');
  await add.getByRole('button', { name: 'Add contact' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: at('erin') })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Consent records' })).toContainText(
    'Signed the form at the Sydney office',
  );

  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contact details' });
  await edit.getByRole('textbox', { name: 'Phone' }).fill('0400 123 456');
  await edit.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('0400 123 456')).toBeVisible();

  await page.getByRole('button', { name: 'Erase contact' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase this contact' });
  const confirm = erase.getByRole('button', { name: 'Erase contact' });
  await expect(confirm).toBeDisabled();
  await erase.getByRole('textbox', { name: `Type ${at('erin')} to confirm` }).fill(at('erin'));
  await confirm.click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(toast(page, 'Contact erased')).toBeVisible();

  const db = e2eDatabase();
  expect(await db.selectFrom('leads').select('id').where('email', '=', at('erin')).execute()).toEqual([]);
  const listed = await db
    .selectFrom('email_suppressions')
    .select(['email', 'reason'])
    .where(sql<boolean>`email_hash = email_hash(${at('erin')})`)
    .execute();
  expect(listed).toEqual([{ email: null, reason: 'erased' }]);
  await page.goto('/admin/contacts/suppressions?reason=erased');
  await expect(page.getByRole('cell', { name: 'Erased contact' }).first()).toBeVisible();
});

// Decision 108: a member whose system asks for less motion gets the dialog without its fade and
// scale; everyone else keeps Mantine's transition. Mantine writes the duration it runs into the
// dialog's own style, and writes none when it skips it (the public stylesheet's reduced-motion rule
// would hide the difference in the computed style).
test('a dialog opens without its transition only for a member who asks for less motion', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/contacts' });
  const duration = async (reducedMotion: 'reduce' | 'no-preference') => {
    await page.emulateMedia({ reducedMotion });
    await page.reload();
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await expect(dialog).toBeVisible();
    const written = await dialog.evaluate((element) => element.style.transitionDuration);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    return written;
  };
  expect(await duration('no-preference')).toMatch(/^[1-9]\d*ms$/);
  expect(await duration('reduce')).toBe('');
});
