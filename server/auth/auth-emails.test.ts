import { describe, expect, it } from 'vitest';
import { testConfig } from '#test/support/services.ts';
import { invitationEmail } from './auth-emails.ts';

// The sign-in e-mails' bodies are react elements (decision 051): a name a member typed reaches
// the HTML escaped and the text part as typed, with nobody calling escapeHtml.

describe('invitationEmail', () => {
  const inviter = `Jane <b>O'Neil</b> & co`;
  const message = invitationEmail(testConfig(), {
    email: 'new@example.com',
    role: 'buyer',
    token: 'tok',
    inviter,
  });

  it("escapes the inviter's name in the HTML", () => {
    expect(message.html).toContain('Jane &lt;b&gt;O&#x27;Neil&lt;/b&gt; &amp; co invited you to the');
    expect(message.html).not.toContain('<b>O');
  });

  it('keeps the name as typed in the text part', () => {
    expect(message.text).toContain(`Jane <b>O'Neil</b> & co invited you to the`);
  });
});
