import { describe, expect, it } from 'vitest';
import { parseResendEvent } from './resend-events.ts';

// The example payloads of Resend's documentation (resend.com/docs/webhooks/emails/*).
const bounced = {
  type: 'email.bounced',
  created_at: '2024-11-22T23:41:12.126Z',
  data: {
    broadcast_id: '8b146471-e88e-4322-86af-016cd36fd216',
    created_at: '2024-11-22T23:41:11.894719+00:00',
    email_id: '56761188-7520-42d8-8898-ff6fc54ce618',
    from: 'Acme <onboarding@resend.dev>',
    to: ['delivered@resend.dev'],
    subject: 'Sending this example',
    template_id: '43f68331-0622-4e15-8202-246a0388854b',
    bounce: {
      message:
        "The recipient's email address is on the suppression list because it has a recent history of producing hard bounces.",
      subType: 'Suppressed',
      type: 'Permanent',
    },
    tags: { category: 'confirm_email' },
  },
};

describe('parseResendEvent', () => {
  it('reads a documented email.bounced payload', () => {
    const result = parseResendEvent(bounced);
    expect(result).toMatchObject({ ok: true, value: { known: true, event: { type: 'email.bounced' } } });
  });

  it('keeps unknown types (and their e-mail id) for the record', () => {
    expect(parseResendEvent({ ...bounced, type: 'email.received' })).toEqual({
      ok: true,
      value: {
        known: false,
        type: 'email.received',
        createdAt: bounced.created_at,
        emailId: bounced.data.email_id,
      },
    });
    expect(
      parseResendEvent({ type: 'domain.updated', created_at: bounced.created_at, data: { id: 'd' } }),
    ).toMatchObject({
      ok: true,
      value: { known: false, emailId: null },
    });
  });

  it('refuses what is not a Resend event, or a known type missing what it needs', () => {
    expect(parseResendEvent(null).ok).toBe(false);
    expect(parseResendEvent([]).ok).toBe(false);
    expect(parseResendEvent({ type: 'email.sent', data: {} }).ok).toBe(false);
    expect(parseResendEvent({ ...bounced, created_at: 'yesterday' }).ok).toBe(false);
    expect(parseResendEvent({ ...bounced, data: { ...bounced.data, bounce: undefined } }).ok).toBe(false);
    expect(
      parseResendEvent({ ...bounced, type: 'email.delivered', data: { to: ['x@example.com'] } }).ok,
    ).toBe(false);
  });
});
