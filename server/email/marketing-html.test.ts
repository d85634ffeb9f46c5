import { describe, expect, it } from 'vitest';
import { owaspSamples } from '#test/support/xss-samples.ts';
import { sanitizeMarketingHtml } from './marketing-html.ts';

describe('sanitizeMarketingHtml: removes what runs code', () => {
  it.each(owaspSamples)('$name', ({ html, mustNotContain }) => {
    const clean = sanitizeMarketingHtml(html);
    for (const pattern of mustNotContain) expect(clean).not.toMatch(pattern);
    // Idempotent: a second pass changes nothing, so re-saving never drifts.
    expect(sanitizeMarketingHtml(clean)).toBe(clean);
  });
});

describe('sanitizeMarketingHtml: keeps e-mail HTML', () => {
  const email = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Update</title>
<style>@media (max-width: 600px) { .col { width: 100% !important; } } p { color: #333; }</style></head>
<body style="margin: 0; background-color: #f4f4f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" align="center">
<tr><td class="col" valign="top" style="padding: 24px; font-family: Arial, sans-serif">
<h1 style="font-size: 24px">Hello {{first_name}}</h1>
<p>Your {{ watch_brand }} is worth more than you think.</p>
<img src="https://cdn.example.com/logo.png" alt="Logo" width="120" height="40">
<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">
<p><a href="https://example.com/sell?utm_source=email" target="_blank">Get a valuation</a></p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a> | <a href="{{ preferences_url }}">Preferences</a> | <a href="mailto:hi@example.com">Email us</a></p>
</td></tr></table>
</body></html>`;

  const clean = sanitizeMarketingHtml(email);

  it('keeps the document structure and the doctype', () => {
    expect(clean).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(clean).toContain('<head>');
    expect(clean).toContain('<body style=');
    expect(clean).toContain('<meta charset="utf-8" />');
    expect(clean).toContain('<title>Update</title>');
  });

  it('keeps merge tags in text and in links', () => {
    expect(clean).toContain('Hello {{first_name}}');
    expect(clean).toContain('{{ watch_brand }}');
    expect(clean).toContain('href="{{unsubscribe_url}}"');
    expect(clean).toContain('href="{{ preferences_url }}"');
  });

  it('keeps tables, layout attributes, inline styles and style blocks', () => {
    expect(clean).toContain(
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" align="center">',
    );
    expect(clean).toContain('valign="top"');
    expect(clean).toContain('padding:24px');
    expect(clean).toContain('@media (max-width: 600px)');
    expect(clean).toContain('p { color: #333; }');
  });

  it('keeps images with http(s) and raster data URLs, and safe links', () => {
    expect(clean).toContain('src="https://cdn.example.com/logo.png"');
    expect(clean).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(clean).toContain('href="https://example.com/sell?utm_source=email"');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('href="mailto:hi@example.com"');
  });

  it('keeps the safe declarations of a style attribute that had an unsafe one', () => {
    expect(sanitizeMarketingHtml('<p style="color: red; width: expression(alert(1)); margin: 0">x</p>')).toBe(
      '<p style="color:red;margin:0">x</p>',
    );
  });

  it('keeps harmless meta http-equiv values', () => {
    expect(sanitizeMarketingHtml('<meta http-equiv="Content-Type" content="text/html; charset=utf-8">')).toBe(
      '<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />',
    );
  });

  it('is idempotent on clean e-mail HTML', () => {
    expect(sanitizeMarketingHtml(clean)).toBe(clean);
  });
});
