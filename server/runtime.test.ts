import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { inboundFor } from './runtime.ts';

// Decision 060: the Receiving API reads replies with RESEND_INBOUND_API_KEY when set (a sending-only
// RESEND_API_KEY cannot read received mail), else with RESEND_API_KEY; with neither, no inbound.

describe('the inbound mail key', () => {
  let fake: FakeResend;
  beforeAll(async () => {
    fake = await startFakeResend();
  });
  afterAll(async () => {
    await fake.close();
  });

  async function keyUsed(env: Parameters<typeof inboundFor>[0]): Promise<string | undefined> {
    const { id } = fake.receive({
      from: 'olivia@example.com',
      to: ['a@example.com'],
      subject: 'Hi',
      text: 'Hi',
    });
    const inbound = inboundFor({ ...env, RESEND_BASE_URL: fake.url });
    expect(inbound).toBeDefined();
    const fetched = await inbound!.getEmail(id);
    expect(fetched.ok).toBe(true);
    const request = fake.requests.findLast((r) => r.path === `/emails/receiving/${id}`);
    return request?.headers.authorization;
  }

  it('uses the inbound key alone, without a sending key', async () => {
    expect(await keyUsed({ RESEND_INBOUND_API_KEY: 're_full_access' })).toBe('Bearer re_full_access');
  });

  it('prefers the inbound key over the sending key, and falls back to the sending key', async () => {
    expect(await keyUsed({ RESEND_API_KEY: 're_send_only', RESEND_INBOUND_API_KEY: 're_full_access' })).toBe(
      'Bearer re_full_access',
    );
    expect(await keyUsed({ RESEND_API_KEY: 're_both' })).toBe('Bearer re_both');
  });

  it('has no inbound mail without either key', () => {
    expect(inboundFor({ RESEND_BASE_URL: fake.url })).toBeUndefined();
  });
});
