import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * SpamAssassin's local rules on a whole message (decision 051, "Checks"): the provider builds the
 * MIME we send, so a test builds the same shape (multipart/alternative, text then HTML, both
 * quoted-printable UTF-8, with the headers every sent message has) and scores it with the rules
 * Debian ships, no network and no sa-update. .ci/run installs spamassassin where it is missing.
 */

const SPAMASSASSIN = '/usr/bin/spamassassin';
/** Debian's shipped rules (package spamassassin), used when sa-update has never run. */
const SHIPPED_RULES = '/usr/share/spamassassin';
/** The plugin loaders (.pre files) Debian installs beside local.cf. */
const SITE_CONFIG = '/etc/spamassassin';

/** Why SpamAssassin cannot score here, or null when it can. */
export function spamAssassinMissing(): string | null {
  const probe = spawnSync(SPAMASSASSIN, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    return `${SPAMASSASSIN} is not installed (apt-get install spamassassin; .ci/run does it)`;
  return null;
}

export interface MessageForScoring {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe for a campaign. */
  headers?: Readonly<Record<string, string>> | undefined;
}

const MAX_QP_LINE = 76;

/** RFC 2045 quoted-printable of UTF-8 text, lines ending in LF. */
export function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bytes = Buffer.from(line, 'utf8');
    let encoded = '';
    bytes.forEach((byte, i) => {
      const last = i === bytes.length - 1;
      const plain = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
      encoded += plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    });
    // "From " at a line's start would end the message in an mbox: encode its F.
    if (encoded.startsWith('From ')) encoded = `=46${encoded.slice(1)}`;
    // Soft breaks keep every line within 76, never splitting an =XX escape.
    while (encoded.length > MAX_QP_LINE) {
      let cut = MAX_QP_LINE - 1;
      const escape = encoded.lastIndexOf('=', cut);
      if (escape > cut - 3) cut = escape;
      out.push(`${encoded.slice(0, cut)}=`);
      encoded = encoded.slice(cut);
    }
    out.push(encoded);
  }
  return out.join('\n');
}

/** A header value in RFC 2047 words when it is not plain ASCII. */
function headerText(value: string): string {
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** A display name and address header with the name encoded when it needs to be. */
function addressHeader(value: string): string {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(value);
  if (!match) return value;
  const [, name = '', address = ''] = match;
  return name ? `${headerText(name.replace(/^"|"$/g, ''))} <${address}>` : `<${address}>`;
}

/** The whole RFC 5322 message a provider would deliver, with LF line ends as a local delivery has. */
export function rfc822Message(message: MessageForScoring, sequence: number): string {
  const domain = /@([^>\s]+)/.exec(message.from)?.[1] ?? 'localhost';
  const boundary = `=_alternative_${sequence}`;
  const headers = [
    `From: ${addressHeader(message.from)}`,
    `To: ${message.to}`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${sequence}.${Date.now().toString(36)}.check@${domain}>`,
    'MIME-Version: 1.0',
    ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: quoted-printable',
      '',
      quotedPrintable(body),
    ].join('\n');
  return [
    ...headers,
    '',
    part('text/plain', message.text),
    part('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join('\n');
}

export interface SpamScore {
  score: number;
  /** The rules that fired, as SpamAssassin names them. */
  tests: string[];
}

/**
 * Scores each message with SpamAssassin's local tests (-L: no DNS, no URIBL, no Razor), Bayes off,
 * in one run over an mbox (a start costs seconds on the shared machine). Site config from a
 * temporary folder holding only Debian's plugin loaders, so a local.cf here changes nothing.
 */
export async function spamAssassinScores(messages: readonly MessageForScoring[]): Promise<SpamScore[]> {
  const site = mkdtempSync(join(tmpdir(), 'sa-site-'));
  try {
    for (const file of readdirSync(SITE_CONFIG).filter((name) => name.endsWith('.pre')))
      copyFileSync(join(SITE_CONFIG, file), join(site, file));
    const mbox = messages
      .map((message, i) => `From checks@localhost Thu Jan  1 00:00:00 1970\n${rfc822Message(message, i)}`)
      .join('\n');
    const output = await run(
      SPAMASSASSIN,
      [
        '--local',
        '--nocreate-prefs',
        '--mbox',
        `--configpath=${SHIPPED_RULES}`,
        `--siteconfigpath=${site}`,
        `--prefspath=${join(site, 'user_prefs')}`,
        '--cf=use_bayes 0',
        '--cf=report_safe 0',
      ],
      mbox,
    );
    // SpamAssassin may hand the messages back in another order: each is found by its Message-ID.
    const scores = new Map<number, SpamScore>();
    for (const scored of output.split(/^From checks@localhost .*$/m)) {
      const sequence = /^Message-ID: <(\d+)\./m.exec(scored)?.[1];
      const status = statusHeader.exec(scored);
      if (sequence === undefined || !status) continue;
      scores.set(Number(sequence), {
        score: Number(status[1]),
        tests: (status[2] ?? '').split(/[\s,]+/).filter((name) => name !== '' && name !== 'none'),
      });
    }
    return messages.map((_message, i) => {
      const score = scores.get(i);
      if (!score) throw new Error(`SpamAssassin did not score message ${i} of ${messages.length}`);
      return score;
    });
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
}

// "X-Spam-Status: No, score=0.2 required=5.0 tests=A,B,\n\tC autolearn=disabled version=4.0.1"
const statusHeader =
  /^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+(?: tests=([\s\S]*?) autolearn=|\s)/m;

function run(command: string, args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${command} exited ${code}: ${stderr}`)),
    );
    child.stdin.end(input);
  });
}
