import { describe, expect, it } from 'vitest';
import { quotedPrintable, rfc822Message, spamAssassinMissing, spamAssassinScores } from './spamassassin.ts';

const decode = (qp: string) =>
  Buffer.from(
    qp
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('the message a test scores', () => {
  it('is quoted-printable that decodes to the text, in lines of at most 76', () => {
    const text = `Dear Mary-Jane O'Brien = a name\nFrom Sydney – ${'é'.repeat(60)} \n${'x'.repeat(200)}`;
    const qp = quotedPrintable(text);
    expect(decode(qp)).toBe(text);
    for (const line of qp.split('\n')) expect(line.length).toBeLessThanOrEqual(76);
    // An mbox would end the message at a line starting "From ".
    expect(qp).not.toMatch(/^From /m);
  });

  it('has the headers and the two parts a provider sends', () => {
    const message = rfc822Message(
      {
        from: 'Sterling Watch Buyers <hello@sterling.example>',
        to: 'mj@example.com',
        subject: 'Your Rolex – valued',
        html: '<p>Hi</p>',
        text: 'Hi',
        headers: { 'List-Unsubscribe': '<https://sterling.example/u>' },
      },
      3,
    );
    const [head = '', body = ''] = message.split('\n\n');
    expect(head).toMatch(/^From: Sterling Watch Buyers <hello@sterling\.example>$/m);
    expect(head).toMatch(/^Subject: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/m);
    expect(head).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/m);
    expect(head).toMatch(/^Message-ID: <3\.\w+\.check@sterling\.example>$/m);
    expect(head).toMatch(/^List-Unsubscribe: <https:\/\/sterling\.example\/u>$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative; boundary="=_alternative_3"$/m);
    expect(body.startsWith('--=_alternative_3\nContent-Type: text/plain; charset=utf-8')).toBe(true);
    expect(message.indexOf('text/plain')).toBeLessThan(message.indexOf('text/html'));
    expect(message.endsWith('--=_alternative_3--\n')).toBe(true);
  });
});

const absent = spamAssassinMissing();
describe.skipIf(absent !== null)(`SpamAssassin scoring${absent ? `: skipped, ${absent}` : ''}`, () => {
  it('tells a plain note from spam', async () => {
    const spam =
      '<p><b>100% FREE!!! CLICK HERE</b> to claim your PRIZE. Cheap meds, no prescription, ' +
      'act now, limited time offer, earn $$$ from home, risk free, guaranteed!!!</p>';
    const [plain, spammy] = await spamAssassinScores([
      {
        from: 'Sam <sam@example.com>',
        to: 'mj@example.com',
        subject: 'Your watch',
        html: '<p>Hi Mary-Jane, thanks.</p>',
        text: 'Hi Mary-Jane, thanks.',
      },
      {
        from: 'sam@example.com',
        to: 'mj@example.com',
        subject: 'FREE!!! CLICK NOW $$$',
        html: spam,
        text: '',
      },
    ]);
    expect(plain?.score, plain?.tests.join()).toBeLessThanOrEqual(0.5);
    expect(spammy?.score).toBeGreaterThan(0.5);
    expect(spammy?.tests.length).toBeGreaterThan(0);
  }, 120_000);
});
