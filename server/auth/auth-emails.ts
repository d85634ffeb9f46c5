import { createElement } from 'react';
import { ROLE_LABELS, type Role } from '#shared/auth/permissions.ts';
import { INVITATION_TTL_HOURS } from '#shared/team/schemas.ts';
import type { AppConfig } from '../config/app-config.ts';
import { type BodyPart, copyLinkParagraph as copyLink, p, renderBody } from '../email/layout/body.ts';
import { buttonElement as button } from '../email/layout/layout.ts';
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

/**
 * The parts in the layout (decision 051), built as react elements so every value is escaped by
 * React; the text part is converted from the same HTML.
 */
function page(
  config: Pick<AppConfig, 'site'>,
  title: string,
  preheader: string,
  parts: BodyPart[],
): { html: string; text: string } {
  return layoutMessage(config.site, { title, preheader, body: renderBody(parts) });
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
    p('Hello,'),
    p(
      `Thanks for signing up to the ${name} Email Campaign Manager. Confirm your email address (the link is valid for 48 hours):`,
    ),
    button(url, 'Verify my email address'),
    copyLink(url),
    p('Then ask your administrator to grant you admin access.'),
    p('If you did not sign up, ignore this e-mail: no access is given without an administrator.'),
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
      p('Hello,'),
      p(
        `Someone (hopefully you) tried to sign up to the ${name} Email Campaign Manager with this address, which already has an account. Nothing was changed.`,
      ),
      button(loginUrl, 'Sign in'),
      ...(verifyUrl
        ? [
            p('Your address is not verified yet. Confirm it with this link (valid for 48 hours):'),
            button(verifyUrl, 'Verify my email address'),
          ]
        : []),
      p(
        'If you cannot remember your password, ',
        createElement(
          'a',
          { href: new URL('/admin/forgot-password', config.appUrl).toString() },
          'reset it here',
        ),
        '. If this was not you, ignore this e-mail.',
      ),
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
    p('Hello,'),
    p(
      `Someone (hopefully you) asked to reset the password of your ${name} Email Campaign Manager account. Choose a new password (the link is valid for 1 hour, once):`,
    ),
    button(link, 'Choose a new password'),
    copyLink(link),
    p(
      'Resetting signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ),
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
    p('Hello,'),
    p(
      `${invitation.inviter} invited you to the ${name} Email Campaign Manager as ${role}. Choose your password (the link is valid for ${INVITATION_TTL_HOURS} hours, once):`,
    ),
    button(link, 'Join the team'),
    copyLink(link),
    p('If you did not expect this, ignore this e-mail: nothing happens without the link.'),
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
