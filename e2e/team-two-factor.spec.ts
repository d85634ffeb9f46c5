import { readFile } from 'node:fs/promises';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { totpAt, totpStep } from '../server/auth/totp.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { signInAsAdmin, submitSignIn, toast } from './support/admin.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';
import { expect, test } from './support/test.ts';

// Decisions 029 and 030: the Owner invites a Marketer by e-mail (Admin → Settings → Team), who accepts, is sent
// to enrol 2FA by the Owner's rule, signs in with a code, sends a campaign and cannot open Team;
// the Owner's audit log shows each step. Then the Owner removes the Marketer and, re-hiring them,
// invites them again from Former members (decision 047): they return as a Buyer without 2FA.

const html = `<html><body><p>Hello {{first_name}}, this month's watch market update.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

const invitationLink = (email: string) =>
  outboxLinkPath(email, 'You are invited', /https?:\/\/\S+\/admin\/invite\?token=[A-Za-z0-9_-]+/);

async function requireTwoFactor(required: boolean) {
  await e2eDatabase().updateTable('settings').set({ require_two_factor: required }).execute();
}

test('an Owner invites a Marketer, who enrols 2FA, signs in with a code, sends and cannot open Team', async ({
  page,
}) => {
  // Four sign-ins, an enrolment and a send: longer than the default minute on a busy machine.
  test.setTimeout(200_000);
  const run = Date.now().toString(36);
  const email = `marketer-${run}@e2e.test`;
  const password = 'marketer-password-for-e2e';
  const campaignName = `Team e2e ${run}`;

  // Admin → Settings → Team: the Owner invites by e-mail with a role.
  await signInAsAdmin(page);
  const sidebar = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(sidebar.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  const inviteForm = page.getByRole('form', { name: 'Invite a member' });
  await inviteForm.getByRole('textbox', { name: 'Email' }).fill(email);
  await inviteForm.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Marketer/ }).click();
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
  await expect(
    page.getByTestId('team-invitations').getByRole('cell', { name: email, exact: true }),
  ).toBeVisible();
  // The Owner's own 2FA comes before requiring it of everyone (this Owner has none).
  // The switch says why it is off-limits before any attempt, and where to go.
  await expect(
    page.getByRole('switch', { name: 'Require two-factor sign-in for all members' }),
  ).toBeDisabled();
  await expect(page.getByTestId('two-factor-policy-reason')).toContainText(
    'Turn on two-factor sign-in for your own account first (Account page), then require it.',
  );
  await expect(
    page.getByTestId('two-factor-policy-reason').getByRole('link', { name: 'Open your account' }),
  ).toHaveAttribute('href', '/admin/account');

  // The Marketer opens the link from the e-mail and chooses a password: signed in at once.
  const link = await invitationLink(email);
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByTestId('invited-email')).toHaveText(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns$/);
  await expect(sidebar.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();

  // With the Owner's rule on (set in the database: the e2e Owner has no 2FA of its own), every
  // admin page is the enrolment until the Marketer has set it up.
  await requireTwoFactor(true);
  try {
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(sidebar).toHaveCount(0);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg'),
    ).toBeVisible();
    const key = decodeBase32IgnorePadding((await page.getByTestId('totp-secret').textContent()) ?? '');
    const step = totpStep(new Date());
    await page.getByRole('textbox', { name: 'Code from the app' }).fill(totpAt(key, step));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    // Shown once, so they can be copied and downloaded (a header, then one code a line).
    const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(toast(page, 'Recovery codes copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^[a-z0-9.-]+-recovery-codes-marketer-[a-z0-9]+-e2e\.test\.txt$/,
    );
    const file = (await readFile(await download.path(), 'utf8')).split('\n');
    expect(file[0]).toMatch(/: two-factor recovery codes$/);
    expect(file[1]).toBe(`Account: ${email}`);
    expect(file.slice(5, 15)).toEqual(codes);
    await page.getByRole('button', { name: 'I have saved them: continue' }).click();
    await expect(sidebar.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();

    // Signing in now asks for the code after the password; the enrolment's step is spent.
    await submitSignIn(page, email, password);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpAt(key, step + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/campaigns$/);

    // A new authenticator waits beside the one in use (decision 029): 2FA stays on meanwhile. It
    // needs the password or a current code first, so a stolen session cannot swap it (decision 030).
    await page.goto('/admin/account');
    // Sessions name the browser, not its raw User-Agent string.
    await expect(page.getByTestId('sessions')).toContainText(/Chrome on (Windows|macOS|Linux)/);
    await expect(page.getByTestId('sessions')).not.toContainText('Mozilla/5.0');
    await page.getByRole('button', { name: 'Set up a new authenticator' }).click();
    const proof = page.getByRole('form', { name: 'Confirm it is you' });
    await proof.getByLabel('Your password', { exact: true }).fill(`${password}-wrong`);
    await proof.getByRole('button', { name: 'Continue' }).click();
    await expect(proof.getByRole('alert')).toHaveText('That password or code is not correct.');
    await expect(page.getByTestId('totp-secret')).toHaveCount(0);
    await proof.getByLabel('Your password', { exact: true }).fill(password);
    await proof.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('two-factor-replacing')).toBeVisible();
    await expect(page.getByTestId('totp-secret')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Two-factor sign-in is on.');
  } finally {
    await requireTwoFactor(false);
  }

  // The Marketer sends a campaign (test mode: to one address).
  await page.goto('/admin/campaigns/new');
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('textbox', { name: /Subject line/ }).fill('Market update');
  await page.getByRole('textbox', { name: 'Email HTML' }).fill(html);
  await page.getByRole('switch', { name: /Test mode/ }).check();
  await page.getByRole('textbox', { name: 'Test emails' }).fill(`team-test-${run}@e2e.test`);
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page
    .getByRole('dialog', { name: 'Send campaign now?' })
    .getByRole('button', { name: 'Confirm and send' })
    .click();
  await expect(toast(page, 'Campaign is now sending!')).toBeVisible();

  // No Team for a Marketer: no Settings or Team in the sidebar, and the page (and server) refuse.
  await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await page.goto('/admin/team');
  // The route guard answers at once, before the page asks for anything (decision 027).
  await expect(page.getByText('Your role does not allow this.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Team' })).toHaveCount(0);

  // The Owner's audit log (Settings → Audit log) shows each step.
  await signInAsAdmin(page);
  await sidebar.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByRole('textbox', { name: 'Member' }).fill(email);
  const log = page.getByTestId('audit-log');
  for (const action of [
    'auth.invitationAccepted',
    'auth.twoFactorEnrolmentStarted',
    'auth.twoFactorEnabled',
    'auth.signIn',
    'admin.campaigns.sendNow',
  ])
    await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Member' }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Action' }).fill('team.invite');
  await expect(log.getByText('admin.team.invite', { exact: true }).first()).toBeVisible();
  // The filters are in the URL like every list's: a reload (or a shared link) keeps them.
  await expect(page).toHaveURL(/action=team\.invite/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Action' })).toHaveValue('team.invite');
  await expect(log.getByText('admin.team.invite', { exact: true }).first()).toBeVisible();

  // The Marketer leaves: removed, they move from the team to Former members.
  await page.goto('/admin/team');
  const members = page.getByTestId('team-members');
  await expect(members.getByRole('cell', { name: email, exact: true })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await members.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Remove' }).click();
  await expect(members.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
  const former = page.getByTestId('former-members');
  await expect(former.getByText(email, { exact: true })).toBeVisible();

  // Re-hired as a Buyer: "Invite again" sends a new link (refused as "already has an account" before).
  await former.getByRole('combobox', { name: `Role for ${email}` }).click();
  await page.getByRole('option', { name: /^Buyer/ }).click();
  await former.getByRole('button', { name: `Invite again: ${email}` }).click();
  await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
  await expect(former.getByText('Invited', { exact: true })).toBeVisible();
  await expect(
    page.getByTestId('team-invitations').getByRole('cell', { name: email, exact: true }),
  ).toBeVisible();
  let again = link;
  await expect.poll(async () => (again = await invitationLink(email)), { timeout: 30_000 }).not.toBe(link);

  // They accept with a new password: signed in at once, with no enrolment step (2FA was reset).
  const newPassword = 'returning-buyer-password-e2e';
  await page.context().clearCookies();
  await page.goto(again);
  await expect(page.getByTestId('invited-email')).toHaveText(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page).not.toHaveURL(/\/admin\/invite/);
  await expect(sidebar).toBeVisible();

  // The Owner sees them back on the team as a Buyer, two-factor off, and no longer as former.
  await page.context().clearCookies();
  await signInAsAdmin(page, { at: '/admin/team' });
  const row = members.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('Buyer');
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  // Other specs leave former members of their own; this one is no longer among them.
  await expect(page.getByTestId('former-members').getByText(email)).toHaveCount(0);
});
