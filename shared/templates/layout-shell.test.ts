import { describe, expect, it } from 'vitest';
import { fillLayoutShell, LAYOUT_SLOTS, unwrapDocument } from './layout-shell.ts';

const shell = `<!doctype html>\n<html><head><title>${LAYOUT_SLOTS.title}</title><style>body{margin:0}</style></head><body><div class="col">${LAYOUT_SLOTS.body}</div><footer>${LAYOUT_SLOTS.footer}</footer></body></html>`;

describe('fillLayoutShell', () => {
  it('puts the escaped title, the body and the footer in their slots', () => {
    const fill = fillLayoutShell(shell);
    expect(fill({ title: 'Rolex & <Omega>', body: '<p>Hi</p>', footer: '<p>ABN 1</p>' })).toBe(
      '<!doctype html>\n<html><head><title>Rolex &amp; &lt;Omega&gt;</title><style>body{margin:0}</style></head><body><div class="col"><p>Hi</p></div><footer><p>ABN 1</p></footer></body></html>',
    );
  });

  it("adds a message's own CSS at the end of the head's rules", () => {
    const html = fillLayoutShell(shell)({ title: 't', body: '', footer: '', css: '.lead{font-size:18px}' });
    expect(html).toContain('<style>body{margin:0}\n.lead{font-size:18px}</style></head>');
  });
});

describe('unwrapDocument', () => {
  it("keeps a whole document's body and style rules, not its wrapper", () => {
    expect(
      unwrapDocument(
        '<!doctype html><html><head><title>x</title><style>.a{color:red}</style></head><body class="b"><p class="a">Hi</p></body></html>',
      ),
    ).toEqual({ body: '<p class="a">Hi</p>', css: '.a{color:red}' });
    expect(unwrapDocument('<p>Hi</p>')).toEqual({ body: '<p>Hi</p>', css: '' });
  });
});
