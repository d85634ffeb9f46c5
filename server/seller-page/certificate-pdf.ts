import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { canonicalJson, type CanonicalValue, sha256Hex } from './evidence.ts';
import { formatAud } from '#shared/money/aud.ts';
import { formatLongDay } from '#shared/time/zones.ts';
import { formatInstant } from '#shared/time/format.ts';

// The acceptance certificate as a PDF (decision 072). Built only from its canonical content, with
// no clock and no random id of pdf-lib's own (dates are the acceptance's, metadata set by hand),
// so the same content always gives the same bytes. The content's canonical JSON rides in the
// document's Subject and its SHA-256 in Keywords, so a program reads back exactly what a person
// reads on the page.

export interface CertificateContent {
  [key: string]: CanonicalValue;
  certificateId: string;
  business: string;
  verifyUrl: string;
  enquiryId: string;
  enquiryReference: string;
  offer: {
    id: string;
    amountCents: number;
    currency: 'AUD';
    validUntil: string | null;
    conditions: string | null;
    sentAt: string | null;
  };
  declaration: { text: string; version: string; sha256: string };
  acceptance: {
    responseId: string;
    typedName: string;
    acceptedAt: string;
    ip: string | null;
    userAgent: string | null;
    linkId: string | null;
  };
  offerEmail: {
    providerMessageId: string | null;
    events: Array<{ type: string; occurredAt: string; providerEventId: string }>;
  };
  chain: { head: string; length: number };
}

export const CERTIFICATE_KEYWORD_PREFIX = 'content-sha256:';

export function contentDigest(content: CertificateContent): string {
  return sha256Hex(canonicalJson(content));
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

// The standard fonts draw WinAnsi only: anything else (a name typed in another script) is shown as
// "?" on the page; the exact text is in the Subject, which is UTF-16.
function drawable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of drawable(text).split(/\r?\n|[\r\n]/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
      // A word longer than the line (a user agent, a hash) is cut where it must be.
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** "6 December 2026 at 6:34:00 am UTC": a certificate's times are UTC, to the second. */
const longTime = (at: Date | string) => formatInstant(at, 'UTC', 'longDateTimeZone');

export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const digest = contentDigest(content);
  const acceptedAt = new Date(content.acceptance.acceptedAt);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Certificate of acceptance ${content.certificateId}`);
  doc.setAuthor(content.business);
  doc.setSubject(canonicalJson(content));
  doc.setKeywords([`${CERTIFICATE_KEYWORD_PREFIX}${digest}`, `chain-head:${content.chain.head}`]);
  doc.setProducer('watch-platform acceptance certificate v1');
  doc.setCreator(content.business);
  doc.setCreationDate(acceptedAt);
  doc.setModificationDate(acceptedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrap(text, font, size, width)) {
      if (y < PAGE.margin + size) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.35;
    }
    y -= options.gap ?? 0;
  };
  const heading = (text: string) => {
    y -= 6;
    write(text, { font: bold, size: 12, gap: 2 });
  };
  const { offer, declaration, acceptance, offerEmail, chain } = content;

  write(content.business, { font: bold, size: 11 });
  write('Certificate of acceptance of an offer', { font: bold, size: 18, gap: 4 });
  write(`Certificate id: ${content.certificateId}`);
  write(`Enquiry reference: ${content.enquiryReference}`, { gap: 4 });

  heading('The offer');
  write(`Amount: ${formatAud(offer.amountCents)} (${offer.currency})`);
  write(`Valid until: ${offer.validUntil ? formatLongDay(offer.validUntil) : 'no expiry'}`);
  write(`Conditions: ${offer.conditions ?? 'none'}`);
  write(`Offer e-mail sent: ${offer.sentAt ? longTime(offer.sentAt) : 'not recorded'}`);

  heading('The declaration signed');
  write(declaration.text);
  write(`Version: ${declaration.version}`);
  write(`SHA-256: ${declaration.sha256}`, { font: mono, size: 8 });

  heading('The acceptance');
  write(`Typed name: ${acceptance.typedName}`);
  write(`Time: ${longTime(acceptedAt)}`);
  write(`IP address: ${acceptance.ip ?? 'not recorded'}`);
  write(`User agent: ${acceptance.userAgent ?? 'not recorded'}`);
  write(`Private link id: ${acceptance.linkId ?? 'not recorded'}`);

  heading('Delivery of the offer e-mail (provider events)');
  write(`Provider message id: ${offerEmail.providerMessageId ?? 'not recorded'}`);
  if (offerEmail.events.length === 0) write('No delivery event had been reported at the time of acceptance.');
  for (const event of offerEmail.events) write(`${longTime(event.occurredAt)}: ${event.type}`);

  heading('Integrity');
  write(`Evidence chain: ${chain.length} events, head`);
  write(chain.head, { font: mono, size: 8 });
  write("SHA-256 of this certificate's canonical content (in the document's Subject):");
  write(digest, { font: mono, size: 8, gap: 4 });
  write(
    'The SHA-256 of this PDF file is kept with the record of acceptance. Check a copy at the address below by choosing the file; it is hashed in your browser and never uploaded.',
    { size: 9 },
  );
  write(content.verifyUrl, { size: 9 });
  return doc.save({ useObjectStreams: false });
}
