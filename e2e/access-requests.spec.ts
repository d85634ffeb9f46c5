import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { INVITATION_MESSAGES } from '#shared/team/schemas.ts';
import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin, submitSignIn, toast } from './support/admin.ts';
import { outboxLinkPath } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 047: a sign-up is a request for access the Owner answers on the Team page, and an
// invited address is pointed to its invitation instead of being signed up.

const PASSWORD = 'harbour-quartz-lantern-2026';

async function signUp(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

const verificationPath = (email: string) =>
  outboxLinkPath(email, 'Verify your email', /https?:\/\/\S+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/);

test('a stranger signs up, the Owner approves them as Buyer at 390 px, and they sign in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const stranger = `asker-${run}@e2e.test`;
  const invited = `invited-${run}@e2e.test`;

  // The Owner invites an address; signing up with it points to the invitation instead.
  await signInAsAdmin(page, { at: '/admin/team' });
  const inviteForm = page.getByRole('form', { name: 'Invite a member' });
  await inviteForm.getByRole('textbox', { name: 'Email' }).fill(invited);
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${invited}.`)).toBeVisible();
  await signUp(page, invited);
  await expect(page.getByRole('alert').filter({ hasText: INVITATION_MESSAGES.signUpInvited })).toBeVisible();

  // A stranger signs up (the spec's message) and follows the verification link.
  await signUp(page, stranger);
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.signUpSuccess })).toBeVisible();
  await page.goto(await verificationPath(stranger));
  await expect(page).toHaveURL(/\/admin\/login\?verify=success$/);
  // Verified but not approved: still no way in.
  await submitSignIn(page, stranger, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: AUTH_MESSAGES.accessDenied })).toBeVisible();

  // The Owner sees the request on the Team page; the section passes axe at desktop width.
  await signInAsAdmin(page, { at: '/admin/team' });
  const requests = page.getByRole('region', { name: 'Access requests' });
  const request = requests.getByRole('listitem').filter({ hasText: stranger });
  await expect(request).toBeVisible();
  await expect(request.getByText('Address verified')).toBeVisible();
  expect(
    await seriousViolations(page, { include: 'section[aria-labelledby="access-requests-title"]' }),
  ).toEqual({});

  // The role picker, looked at on the desktop first: its list still shows when it is opened
  // again after the layout has moved (decision 109: Mantine's kept list stayed hidden).
  const rolePicker = request.getByRole('combobox', { name: `Role for ${stranger}` });
  await rolePicker.click();
  await expect(page.getByRole('option', { name: /^Buyer/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: /^Buyer/ })).toHaveCount(0);

  // On a phone: nothing of the section runs off a 390 px screen, and it still passes axe.
  await page.setViewportSize({ width: 390, height: 844 });
  // The team's members (one a role, signed in once per run) come first: scroll to the request.
  const approve = request.getByRole('button', { name: `Approve ${stranger}` });
  await approve.scrollIntoViewIfNeeded();
  await expect(approve).toBeInViewport();
  const box = await requests.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
  expect(await requests.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(
    await seriousViolations(page, { include: 'section[aria-labelledby="access-requests-title"]' }),
  ).toEqual({});

  // Approved with a role: the request goes and the member list shows them with it.
  await rolePicker.click();
  await page.getByRole('option', { name: /^Buyer/ }).click();
  await request.getByRole('button', { name: `Approve ${stranger}` }).click();
  await expect(toast(page, `${stranger} joined the team as Buyer.`)).toBeVisible();
  await expect(request).toHaveCount(0);
  const members = page.getByTestId('team-members');
  // At 390 px the row is a card whose cells carry their column's name (decision 091).
  await expect(members.getByRole('cell', { name: stranger })).toBeVisible();
  await expect(members.getByRole('combobox', { name: `Role of ${stranger}` })).toHaveValue('Buyer');

  // The approved Buyer signs in to the admin, landing on a Buyer's home (decision 027).
  await submitSignIn(page, stranger, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
});
