import { describe, expect, it } from 'vitest';
import { testConfig } from '#test/support/services.ts';
import { incomingNoticeEmail, quotedMessage } from './incoming-notify.ts';

// The team's notice of a seller's message quotes it (decision 095).

const config = testConfig();
const notice = {
  enquiryId: '0c5e7a1b-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
  source: 'seller_page' as const,
  fromEmail: 'olivia@example.com',
  fromName: 'Olivia Brown',
  subject: null,
  to: 'desk@example.com',
};

describe('the notice of a seller’s message', () => {
  it('quotes the message, blank runs made one, escaped as text', () => {
    expect(quotedMessage('  Yes, Tuesday suits me.\r\n\r\n\r\n\r\nThanks  ')).toBe(
      'Yes, Tuesday suits me.\n\nThanks',
    );
    const mail = incomingNoticeEmail(config, { ...notice, bodyText: 'Is <b>$12,000</b> firm?\nOlivia' });
    expect(mail.html).toContain('Is &lt;b&gt;$12,000&lt;/b&gt; firm?<br/>Olivia');
    expect(mail.text).toContain('Is <b>$12,000</b> firm?');
    expect(mail.html).not.toContain('The message is longer');
    expect(mail.to).toEqual(['desk@example.com']);
  });

  it('cuts a long message at 1,500 characters and says the rest is on the enquiry', () => {
    const long = `${'a'.repeat(1500)}bbbb`;
    expect(quotedMessage(long)).toBe(`${'a'.repeat(1500)}…`);
    const mail = incomingNoticeEmail(config, { ...notice, bodyText: long });
    expect(mail.html).not.toContain('bbbb');
    expect(mail.html).toContain('The message is longer: the rest is on the enquiry.');
  });
});
