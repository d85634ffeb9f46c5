import { describe, expect, it } from 'vitest';
import { parseResendEvent, type ResendEmailEvent } from '#shared/webhooks/resend-events.ts';
import { bounce, click, resendEmailEvent } from '#test/support/resend-webhooks.ts';
import { effectOf, occurredAt, SEND_STATUS_RANK } from './effects.ts';

function parsed(event: object): ResendEmailEvent {
  const result = parseResendEvent(event);
  if (!result.ok || !result.value.known) throw new Error('expected a known event');
  return result.value.event;
}

const at = new Date('2026-11-21T10:00:00.000Z');

describe('effectOf', () => {
  it('orders statuses: pre-provider < sent < delayed < delivered < failed < bounced < complained', () => {
    const order = [
      'queued',
      'sent',
      'delivery_delayed',
      'delivered',
      'failed',
      'bounced',
      'complained',
    ] as const;
    const ranks = order.map((status) => SEND_STATUS_RANK[status]);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(SEND_STATUS_RANK.sending).toBe(0);
  });

  it('opened and clicked imply delivery; a click implies an open', () => {
    expect(effectOf(parsed(resendEmailEvent('email.opened', 'id', { createdAt: at })))).toMatchObject({
      status: 'delivered',
      deliveredAt: at,
      openedAt: at,
      clickedAt: null,
    });
    const clickedAt = new Date('2026-11-21T10:05:00.000Z');
    const effect = effectOf(
      parsed(
        resendEmailEvent('email.clicked', 'id', {
          createdAt: at,
          data: click('https://x.example', clickedAt),
        }),
      ),
    );
    expect(effect).toMatchObject({
      status: 'delivered',
      deliveredAt: clickedAt,
      openedAt: clickedAt,
      clickedAt,
    });
  });

  it('only Permanent bounces suppress; complaints suppress and unsubscribe', () => {
    expect(
      effectOf(parsed(resendEmailEvent('email.bounced', 'id', { data: bounce('Permanent') }))),
    ).toMatchObject({
      status: 'bounced',
      bounceType: 'Permanent',
      suppress: 'hard_bounce',
      unsubscribe: false,
    });
    for (const type of ['Transient', 'Undetermined'] as const)
      expect(
        effectOf(parsed(resendEmailEvent('email.bounced', 'id', { data: bounce(type) }))).suppress,
      ).toBeNull();
    expect(effectOf(parsed(resendEmailEvent('email.complained', 'id', { createdAt: at })))).toMatchObject({
      status: 'complained',
      complainedAt: at,
      deliveredAt: at,
      suppress: 'complaint',
      unsubscribe: true,
    });
  });

  it('failed and suppressed are failures with a readable error', () => {
    expect(
      effectOf(
        parsed(
          resendEmailEvent('email.failed', 'id', { data: { failed: { reason: 'reached_daily_quota' } } }),
        ),
      ),
    ).toMatchObject({ status: 'failed', error: 'reached_daily_quota', suppress: null });
    expect(effectOf(parsed(resendEmailEvent('email.failed', 'id')))).toMatchObject({ error: 'Failed' });
    expect(effectOf(parsed(resendEmailEvent('email.suppressed', 'id')))).toMatchObject({
      status: 'failed',
      error: 'Suppressed by Resend',
      suppress: 'hard_bounce',
    });
  });

  it('sent and delivery_delayed only move the status', () => {
    expect(effectOf(parsed(resendEmailEvent('email.sent', 'id')))).toMatchObject({
      status: 'sent',
      deliveredAt: null,
    });
    expect(effectOf(parsed(resendEmailEvent('email.delivery_delayed', 'id')))).toMatchObject({
      status: 'delivery_delayed',
      deliveredAt: null,
    });
  });

  it('takes the event time from created_at, or a click’s own timestamp', () => {
    expect(occurredAt(parsed(resendEmailEvent('email.delivered', 'id', { createdAt: at })))).toEqual(at);
  });
});
