import { ROLE_LABELS, type Role } from '#shared/auth/permissions.ts';
import { INVITATION_TTL_HOURS } from '#shared/team/schemas.ts';
import { escapeHtml } from '#shared/templates/variables.ts';
import type { AppConfig } from '../config/app-config.ts';
import { emailButton as button } from '../email/layout/layout.ts';
import { layoutMessage } from '../email/layout/message.ts';
import type { EmailMessage } from '../email/types.ts';
import { createVerificationToken, type VerificationSubject } from './verification.ts';

export function verificationUrl(
  config: Pick<AppConfig, 'appUrl' | 'appSecret'>,
  subject: VerificationSubject,
  now = new Date(),
): string {
  const url = new URL('/api/auth/verify', config.appUrl);
  url.searchParams.set('token', createVerificationToken(config.appSecret, subject, now));
  return url.toString();
}

// For a reader whose client hides the button; the text part lists the button's link already.
function copyLink(url: string): string {
  return `<p data-skip-in-text="true">Or copy this link into your browser:<br>${escapeHtml(url)}</p>`;
}

/** The paragraphs in the layout (decision 051); the text part is converted from the same HTML. */
function page(
  config: Pick<AppConfig, 'site'>,
  title: string,
  preheader: string,
  paragraphs: string[],
): { html: string; text: string } {
  return layoutMessage(config.site, { title, preheader, body: paragraphs.join('\n') });
}

/** Sent after a new sign-up: proves the address belongs to whoever signed up. */
export function verificationEmail(
  config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'emailFrom' | 'site'>,
  subject: VerificationSubject,
  now = new Date(),
): EmailMessage {
  const url = verificationUrl(config, subject, now);
  const name = config.site.name;
  const title = `Verify your email address for ${name}`;
  const { html, text } = page(config, title, `Confirm your address to finish signing up to ${name}`, [
    '<p>Hello,</p>',
    `<p>Thanks for signing up to the ${escapeHtml(name)} Email Campaign Manager. Confirm your email address (the link is valid for 48 hours):</p>`,
    button(url, 'Verify my email address'),
    copyLink(url),
    '<p>Then ask your administrator to grant you admin access.</p>',
    '<p>If you did not sign up, ignore this e-mail: no access is given without an administrator.</p>',
  ]);
  return {
    from: config.emailFrom,
    to: [subject.email],
    subject: title,
    html,
    text,
    tags: [{ name: 'kind', value: 'email-verification' }],
  };
}

/**
 * Sent instead of a second account when someone signs up with an address already on file: the
 * sign-up screen answers exactly as for a new address, so only the mailbox owner learns this.
 */
export function accountExistsEmail(
  config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'emailFrom' | 'site'>,
  user: VerificationSubject & { verified: boolean },
  now = new Date(),
): EmailMessage {
  const loginUrl = new URL('/admin/login', config.appUrl).toString();
  const verifyUrl = user.verified ? null : verificationUrl(config, user, now);
  const name = config.site.name;
  const subject = `Sign-up attempt for your ${name} account`;
  const { html, text } = page(
    config,
    subject,
    'Someone tried to sign up with this address. Nothing was changed.',
    [
      '<p>Hello,</p>',
      `<p>Someone (hopefully you) tried to sign up to the ${escapeHtml(name)} Email Campaign Manager with this address, which already has an account. Nothing was changed.</p>`,
      button(loginUrl, 'Sign in'),
      ...(verifyUrl
        ? [
            '<p>Your address is not verified yet. Confirm it with this link (valid for 48 hours):</p>',
            button(verifyUrl, 'Verify my email address'),
          ]
        : []),
      `<p>If you cannot remember your password, <a href="${escapeHtml(new URL('/admin/forgot-password', config.appUrl).toString())}">reset it here</a>. If this was not you, ignore this e-mail.</p>`,
    ],
  );
  return {
    from: config.emailFrom,
    to: [user.email],
    subject,
    html,
    text,
    tags: [{ name: 'kind', value: 'account-exists' }],
  };
}

/** "Forgot password?": the reset link, valid for one hour and once. */
export function passwordResetEmail(
  config: Pick<AppConfig, 'appUrl' | 'emailFrom' | 'site'>,
  { email, token }: { email: string; token: string },
): EmailMessage {
  const url = new URL('/admin/reset-password', config.appUrl);
  url.searchParams.set('token', token);
  const link = url.toString();
  const name = config.site.name;
  const subject = `Reset your ${name} password`;
  const { html, text } = page(config, subject, 'Choose a new password: the link is valid for 1 hour, once.', [
    '<p>Hello,</p>',
    `<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(name)} Email Campaign Manager account. Choose a new password (the link is valid for 1 hour, once):</p>`,
    button(link, 'Choose a new password'),
    copyLink(link),
    '<p>Resetting signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
  ]);
  return {
    from: config.emailFrom,
    to: [email],
    subject,
    html,
    text,
    tags: [{ name: 'kind', value: 'password-reset' }],
  };
}

/** A team invitation (decision 030): the link sets a password and joins with the role chosen. */
export function invitationEmail(
  config: Pick<AppConfig, 'appUrl' | 'emailFrom' | 'site'>,
  invitation: { email: string; role: Role; token: string; inviter: string },
): EmailMessage {
  const url = new URL('/admin/invite', config.appUrl);
  url.searchParams.set('token', invitation.token);
  const link = url.toString();
  const name = config.site.name;
  const role = ROLE_LABELS[invitation.role];
  const subject = `You are invited to ${name}`;
  const { html, text } = page(config, subject, `${invitation.inviter} invited you to join as ${role}.`, [
    '<p>Hello,</p>',
    `<p>${escapeHtml(invitation.inviter)} invited you to the ${escapeHtml(name)} Email Campaign Manager as ${escapeHtml(role)}. Choose your password (the link is valid for ${INVITATION_TTL_HOURS} hours, once):</p>`,
    button(link, 'Join the team'),
    copyLink(link),
    '<p>If you did not expect this, ignore this e-mail: nothing happens without the link.</p>',
  ]);
  return {
    from: config.emailFrom,
    to: [invitation.email],
    subject,
    html,
    text,
    tags: [{ name: 'kind', value: 'team-invitation' }],
  };
}
