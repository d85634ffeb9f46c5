import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '../enquiries/status.ts';
import { ROLE_LABELS, ROLES, type Role } from '../auth/permissions.ts';
import { personLabel } from '../team/names.ts';
import type { AuditAction } from './actions.ts';
import type { AuditRow } from './schemas.ts';

// The audit log read as sentences (decision 028): "Ava Smith (Marketer) sent 'Spring buying' to 1,204
// recipients". Built only from what the row keeps and from names that are not a contact's (a
// campaign's, a template's, a segment's, a team member's name or address): a contact or an enquiry is
// "a contact" or "an enquiry", never its name, and a field the row holds as "[personal data]" or
// "changed" is never filled in from elsewhere (decision 036).

/**
 * A piece of a sentence: text, or the record it names (a link where the admin has a page). A
 * member named by name carries their address, for the screen's hover (decision 102).
 */
export type SentencePart = string | { target: string; address?: string };

export interface AuditSentence {
  /**
   * "Ava Smith (Marketer)", the address where the member has no name (decision 102), or "Someone"
   * for a refused sign-in on an unknown address.
   */
  actor: string;
  /** The address the row keeps for the actor, when the actor reads as a name (the hover). */
  actorAddress: string | null;
  /** What they did, after the actor. */
  parts: SentencePart[];
}

type Data = Record<string, unknown>;

interface SentenceContext {
  row: AuditRow;
  /** Members' names by address (server/db/member-names.ts), for the people a row names. */
  names: Readonly<Record<string, string>>;
  input: Data;
  changes: Data;
  summary: Data;
}

type Describe = (c: SentenceContext) => SentencePart[];

const count = new Intl.NumberFormat('en-AU');

function record(value: unknown): Data {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function change(c: SentenceContext, field: string): { before: unknown; after: unknown } | null {
  const value = c.changes[field];
  if (value === null || typeof value !== 'object' || !('after' in value)) return null;
  const { before, after } = value as { before: unknown; after: unknown };
  return { before, after };
}

/**
 * The one alias map for input names that changed spelling: the template inputs were snake_case, and
 * the log is append-only (decision 028), so older rows keep those names; `changes` (read from the
 * record) is keyed by them too, as they are the columns.
 */
const OLD_INPUT_NAMES: Readonly<Record<string, string>> = {
  templateName: 'template_name',
  htmlContent: 'html_content',
  textContent: 'text_content',
  variableDefaults: 'variable_defaults',
};

/** A field's spellings: as inputs name it now, then as older rows and the record's column did. */
function spellings(field: string): string[] {
  const old = OLD_INPUT_NAMES[field];
  return old ? [field, old] : [field];
}

/** A campaign's, template's or segment's name: as it is now, else as the row recorded it. */
function nameOf(c: SentenceContext, fields: readonly string[]): string | null {
  const current = c.row.target?.label;
  if (current) return current;
  for (const field of fields.flatMap(spellings)) {
    const changed = change(c, field);
    const name = text(changed?.before) ?? text(changed?.after) ?? text(c.input[field]);
    if (name && !name.startsWith('[')) return name;
  }
  return null;
}

function named(c: SentenceContext, noun: string, fields: readonly string[] = ['name']): SentencePart {
  const name = nameOf(c, fields);
  return { target: name ? `${noun} '${name}'` : `a ${noun}` };
}

/** A campaign is named by its name alone, as the team speaks of it. */
function campaign(c: SentenceContext): SentencePart {
  const name = nameOf(c, ['name']);
  return { target: name ? `'${name}'` : 'a campaign' };
}

const template = (c: SentenceContext) => named(c, 'template', ['templateName']);
const segment = (c: SentenceContext) => named(c, 'segment');
const flow = (c: SentenceContext) => named(c, 'flow');
const contact: SentencePart = { target: 'a contact' };
const enquiry: SentencePart = { target: 'an enquiry' };

function roleLabel(value: unknown): string | null {
  return ROLES.find((role) => role === value) ? ROLE_LABELS[value as Role] : null;
}

/**
 * A team member: their name with the address on hover (decision 102), or the address (staff's,
 * not a contact's: decision 036) when they have no name.
 */
function member(c: SentenceContext): SentencePart {
  const address = c.row.target?.label ?? text(c.input.email) ?? text(c.summary.email);
  if (!address || address.startsWith('[')) return { target: 'a team member' };
  const name = c.names[address];
  return name ? { target: name, address } : { target: address };
}

function recipients(n: number | null): string {
  if (n === null) return '';
  return ` to ${count.format(n)} ${n === 1 ? 'recipient' : 'recipients'}`;
}

/** A campaign's audience: as the action set it, else the campaign's count now. */
function audienceOf(c: SentenceContext): number | null {
  return numberOf(change(c, 'total_recipients')?.after) ?? c.row.target?.recipients ?? null;
}

const SENTENCES: Record<AuditAction, Describe> = {
  'admin.campaigns.saveDraft': (c) => ['saved the draft ', campaign(c)],
  'admin.campaigns.sendNow': (c) => ['sent ', campaign(c), recipients(audienceOf(c))],
  'admin.campaigns.schedule': (c) => ['scheduled ', campaign(c), recipients(audienceOf(c))],
  'admin.campaigns.sendTest': (c) => ['sent a test of ', campaign(c)],
  'admin.campaigns.pause': (c) => ['paused ', campaign(c)],
  'admin.campaigns.resume': (c) => ['resumed ', campaign(c)],
  'admin.campaigns.retryFailed': (c) => ['retried the failed sends of ', campaign(c)],
  'admin.campaigns.cancel': (c) => ['cancelled ', campaign(c)],
  'admin.campaigns.duplicate': (c) => ['duplicated ', campaign(c)],
  'admin.campaigns.delete': (c) => ['deleted ', campaign(c)],
  'admin.campaigns.copyForNonOpeners': (c) => ['copied ', campaign(c), ' for those who did not open it'],

  'admin.templates.create': (c) => ['created the ', template(c)],
  'admin.templates.update': (c) => ['edited the ', template(c)],
  'admin.templates.delete': (c) => ['deleted the ', template(c)],
  'admin.templates.duplicate': (c) => ['duplicated the ', template(c)],
  'admin.templates.sendTest': (c) => ['sent a test of the ', template(c)],
  'admin.templates.createFromBlocks': (c) => ['created the ', template(c), ' from blocks'],
  'admin.templates.updateFromBlocks': (c) => ['edited the blocks of the ', template(c)],

  'admin.enquiries.setStatus': (c) => {
    const to = c.input.to;
    const label = typeof to === 'string' && to in ENQUIRY_STATUS_LABELS;
    return ['moved ', enquiry, label ? ` to ${ENQUIRY_STATUS_LABELS[to as EnquiryStatus]}` : ''];
  },
  'admin.enquiries.assign': (c) => [c.input.assigneeId === null ? 'unassigned ' : 'assigned ', enquiry],
  'admin.enquiries.addNote': () => ['added a note to ', enquiry],
  'admin.enquiries.recordOffer': () => ['recorded an offer on ', enquiry],
  'admin.enquiries.reply': () => ['replied to ', enquiry],
  'admin.enquiries.revokeSellerLink': () => ['revoked the seller link of ', enquiry],
  'admin.enquiries.revealSellerLink': (c) => [
    c.input.use === 'copy' ? 'copied the seller link of ' : 'revealed the seller link of ',
    enquiry,
  ],

  'admin.register.saveSettings': () => ['changed the dealer’s register settings'],
  'admin.register.setSerial': () => ['recorded the serial number of ', enquiry],
  'admin.register.revealIdentity': () => ['viewed a seller’s full identity number in the dealer’s register'],
  // A release with a reason ended the hold early (decision 071); the reason itself is redacted.
  'admin.register.release': (c) => [
    c.input.reason
      ? 'released a watch from its hold early'
      : 'released a watch from the dealer’s register hold',
  ],
  'admin.register.recordCheck': (c) => [
    `recorded a stolen-goods check of a watch in the dealer’s register (${text(c.input.registerName) ?? 'a register'}, reference ${text(c.input.reference) ?? 'not given'})`,
  ],
  'admin.register.recordNotice': (c) => [
    `recorded police hold notice ${text(c.input.reference) ?? ''} from ${text(c.input.station) ?? 'a police station'} on a watch in the dealer’s register`,
  ],
  'admin.register.liftNotice': (c) => [
    `lifted a police hold notice on a watch in the dealer’s register (reference ${text(c.input.reference) ?? 'not given'})`,
  ],
  'admin.register.uploadIdentityCopy': () => ['uploaded a copy of a seller’s identity document'],
  'admin.register.completeDeadline': () => ['marked a dealer’s register deadline done'],
  'admin.register.noteSuspiciousMatter': () => ['noted a suspicious matter on a dealer’s register entry'],
  'admin.appointments.saveSettings': () => ['changed the appointment settings'],
  'admin.appointments.markKitDispatched': () => ['marked a shipping kit as posted'],
  'admin.appointments.markOutcome': (c) => [
    c.input.outcome === 'no_show' ? 'marked a visit as not attended' : 'marked a visit as attended',
  ],
  'admin.enquiries.markRead': () => ["read the seller's messages on ", enquiry],
  'admin.unmatchedMail.file': () => ['filed an unmatched e-mail on ', enquiry],
  'admin.unmatchedMail.dismiss': () => ['dismissed an unmatched e-mail'],

  'admin.contacts.create': () => ['added ', contact],
  'admin.contacts.update': () => ['updated the consent of ', contact],
  'admin.contacts.updateDetails': () => ['edited the details of ', contact],
  // Erased: nothing of the person is left to link to.
  'admin.contacts.erase': () => ['erased a contact'],
  'admin.segments.save': (c) => [c.input.id ? 'saved the ' : 'created the ', segment(c)],
  'admin.segments.delete': (c) => ['deleted the ', segment(c)],
  'admin.automations.create': (c) => ['created the ', flow(c)],
  'admin.automations.save': (c) => {
    const version = numberOf(change(c, 'current_version')?.after);
    return [version === null ? 'saved the ' : `saved version ${version} of the `, flow(c)];
  },
  'admin.automations.setState': (c) => [
    c.input.state === 'live'
      ? 'switched on the '
      : c.input.state === 'paused'
        ? 'paused the '
        : 'switched off the ',
    flow(c),
  ],
  'admin.automations.delete': (c) => ['deleted the ', flow(c)],
  'admin.contactImports.upload': (c) => {
    const bytes = numberOf(c.summary.bytes);
    return [`uploaded a contact list${bytes === null ? '' : ` (${count.format(bytes)} bytes)`}`];
  },
  'admin.contactImports.dryRun': () => ['checked a contact import'],
  'admin.contactImports.start': () => ['started a contact import'],
  'admin.contactImports.cancel': () => ['cancelled a contact import'],
  'admin.suppressions.add': () => ['added addresses to the suppression list'],
  'admin.suppressions.remove': () => ['removed an address from the suppression list'],

  'admin.settings.update': () => ['changed the settings'],
  'admin.domainHealth.checkNow': () => ['checked the sending domain’s DNS records'],
  'admin.insight.updateSettings': () => ['changed the report settings'],
  'admin.insight.setWeeklySummary': (c) => [
    c.input.enabled === false
      ? 'turned off their weekly summary e-mail'
      : 'turned on their weekly summary e-mail',
  ],
  'admin.team.changeRole': (c) => {
    const role = roleLabel(c.input.role);
    return ['changed the role of ', member(c), role ? ` to ${role}` : ''];
  },
  'admin.team.endSessions': (c) => ['signed ', member(c), ' out everywhere'],
  'admin.team.remove': (c) => ['removed ', member(c), ' from the team'],
  'admin.team.invite': (c) => {
    const role = roleLabel(c.input.role);
    const address = text(c.input.email);
    return [`invited ${address ?? 'a new member'}${role ? ` as ${role}` : ''}`];
  },
  'admin.team.resendInvitation': () => ['resent an invitation'],
  'admin.team.revokeInvitation': () => ['revoked an invitation'],
  'admin.team.approveAccessRequest': (c) => {
    const role = roleLabel(c.input.role);
    return ['approved the access request of ', member(c), role ? ` as ${role}` : ''];
  },
  'admin.team.dismissAccessRequest': (c) => ['dismissed the access request of ', member(c)],
  'admin.team.resetTwoFactor': (c) => ['reset two-factor sign-in for ', member(c)],
  'admin.team.setTwoFactorPolicy': (c) => {
    const required = change(c, 'require_two_factor')?.after ?? c.input.required;
    if (required === true) return ['made two-factor sign-in required for the team'];
    if (required === false) return ['made two-factor sign-in optional for the team'];
    return ['changed the team’s two-factor rule'];
  },

  'auth.signIn': () => ['signed in'],
  'auth.signInFailed': (c) => {
    const reason = text(c.summary.reason);
    return [`failed to sign in${reason ? ` (${reason.replaceAll('_', ' ')})` : ''}`];
  },
  'auth.signInPasswordAccepted': () => ['entered the right password and was asked for a code'],
  'auth.twoFactorFailed': () => ['entered a wrong two-factor code'],
  'auth.reauthenticationFailed': () => ['failed to confirm their password'],
  'auth.twoFactorEnrolmentStarted': () => ['began setting up two-factor sign-in'],
  'auth.twoFactorEnabled': () => ['turned on two-factor sign-in'],
  'auth.twoFactorReplaced': () => ['replaced their authenticator app'],
  'auth.twoFactorDisabled': () => ['turned off two-factor sign-in'],
  'auth.recoveryCodesRegenerated': () => ['made new recovery codes'],
  'auth.endSession': () => ['ended one of their sessions'],
  'auth.invitationAccepted': () => ['accepted their invitation and joined the team'],
  'auth.signOut': () => ['signed out'],
  'auth.resetPassword': (c) => ['reset their password', sessionsEnded(c)],
  'auth.changePassword': (c) => ['changed their password', sessionsEnded(c)],
  'auth.changePasswordFailed': () => ['entered a wrong current password'],
  'auth.changeName': (c) => [
    c.summary.named === false ? 'removed their display name' : 'changed their display name',
  ],

  'cli.create': (c) => ['created the account ', member(c), ' from the command line'],
  'cli.grant': (c) => {
    const role = roleLabel(change(c, 'role')?.after ?? c.summary.role);
    return ['gave ', member(c), ` the ${role ?? 'admin'} role from the command line`];
  },
  'cli.revoke': (c) => ['took the admin role from ', member(c), ' on the command line'],
  'cli.logout': (c) => ['signed ', member(c), ' out everywhere from the command line'],
  'cli.registerRekey': (c) => [
    `re-encrypted ${numberOf(c.summary.reencrypted) ?? 0} entries of the dealer’s register under the current key from the command line`,
  ],
  'cli.filesMove': (c) => [
    `moved ${numberOf(c.summary.moved) ?? 0} photos from the ${String(c.summary.from)} store to the ${String(c.summary.to)} store from the command line`,
  ],
  'cli.backup': (c) => [
    `backed up the database and ${numberOf(c.summary.files) ?? 0} files from the command line`,
  ],
  'cli.restore': (c) => [
    `restored the database and ${numberOf(c.summary.files) ?? 0} files from a backup on the command line`,
  ],
  'cli.bootstrap': (c) => ['made ', member(c), ' the first Owner when the platform first started'],

  'exports.contacts': () => ['exported the contacts'],
  'exports.contactImportReport': () => ['exported a contact import report'],
  'exports.unsubscribeLogs': () => ['exported the unsubscribe log'],
  'exports.suppressions': () => ['exported the suppression list'],
  'exports.campaignSends': (c) => ['exported the sends of ', campaign(c)],
  'exports.auditLog': () => ['exported the audit log'],
  'exports.register': () => ['exported the dealer’s register with full identity numbers'],
  'exports.registerPrint': () => ['printed the dealer’s register with full identity numbers'],
  'exports.registerTtr': () => ['exported the AUSTRAC threshold transaction report fields of a purchase'],
  'exports.registerTtrPrint': () => ['printed the AUSTRAC threshold transaction report fields of a purchase'],
  'downloads.identityCopy': () => ['viewed a seller’s identity copy in the dealer’s register'],
  'downloads.acceptanceCertificate': () => ['downloaded the certificate of acceptance of ', enquiry],
  'system.automations.complaintPause': (c) => {
    const rate = numberOf(c.summary.complaintRate);
    return [
      'paused the ',
      flow(c),
      rate === null
        ? ': too many e-mails were marked as spam'
        : `: ${rate}% of the e-mails delivered in the last 7 days were marked as spam`,
    ];
  },
  'downloads.incomingAttachment': (c) =>
    c.row.entityId
      ? ['downloaded a seller’s attachment on ', enquiry]
      : ['downloaded an attachment of unmatched mail'],
};

function sessionsEnded(c: SentenceContext): string {
  const n = numberOf(c.summary.sessionsEnded);
  if (n === null || n === 0) return '';
  return `, ending ${count.format(n)} ${n === 1 ? 'session' : 'sessions'}`;
}

/** The actions the table describes, for the test that every logged action has its sentence. */
export const DESCRIBED_ACTIONS: readonly string[] = Object.keys(SENTENCES);

function parse(summary: string): Data {
  try {
    return record(JSON.parse(summary));
  } catch {
    return {};
  }
}

function actorOf(row: AuditRow, names: Readonly<Record<string, string>>): string {
  // The platform's own actions (decision 074) have no member behind them.
  if (!row.actorEmail && row.action.startsWith('system.')) return 'The platform';
  if (!row.actorEmail) return 'Someone';
  const who = personLabel(row.actorEmail, names);
  return row.actorRole ? `${who} (${ROLE_LABELS[row.actorRole]})` : who;
}

/**
 * The row as a sentence, members by name where `names` (by address, the list's) has one. An
 * action without an entry (one logged before this table knew it) still reads as one: its name and
 * the record it names.
 */
export function describeAudit(row: AuditRow, names: Readonly<Record<string, string>> = {}): AuditSentence {
  const summary = parse(row.summary);
  const context: SentenceContext = {
    row,
    names,
    summary,
    input: record(summary.input),
    changes: record(summary.changes),
  };
  const describe = Object.hasOwn(SENTENCES, row.action) ? SENTENCES[row.action as AuditAction] : undefined;
  const parts = describe ? describe(context) : fallback(row);
  // A throttled caller's refusals are one row with their count (decision 028).
  const refusals = numberOf(summary.refusals);
  if (refusals !== null && refusals > 1) parts.push(`, ${count.format(refusals)} times`);
  return {
    actor: actorOf(row, names),
    actorAddress: row.actorEmail && names[row.actorEmail] ? row.actorEmail : null,
    parts: parts.filter((part) => part !== ''),
  };
}

function fallback(row: AuditRow): SentencePart[] {
  const parts: SentencePart[] = [`did “${row.action}”`];
  if (row.entityType) parts.push(' on ', { target: row.target?.label ?? row.entityType });
  return parts;
}

/** The sentence as plain text: for the tests, the export and assistive technology. */
export function sentenceText(sentence: AuditSentence): string {
  const rest = sentence.parts.map((part) => (typeof part === 'string' ? part : part.target)).join('');
  return `${sentence.actor} ${rest}`;
}

// Before → after, with the fields in words.

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  template_name: 'Template name',
  subject: 'Subject',
  subject_b: 'Subject B',
  status: 'Status',
  scheduled_at: 'Scheduled for',
  started_at: 'Started',
  completed_at: 'Completed',
  cancelled_at: 'Cancelled',
  paused_at: 'Paused',
  is_paused: 'Paused',
  pause_reason: 'Pause reason',
  total_recipients: 'Recipients',
  segment_id: 'Segment',
  current_version: 'Version',
  state: 'State',
  template_id: 'Template',
  html_content: 'HTML',
  text_content: 'Plain text',
  test_emails: 'Test addresses',
  role: 'Role',
  require_two_factor: 'Two-factor sign-in required',
  batch_size: 'Batch size',
  batch_delay_ms: 'Batch delay (ms)',
  bounce_pause_threshold: 'Bounce pause threshold',
  enquiry_retention_days: 'Enquiry retention (days)',
  from_name: 'From name',
  from_email: 'From e-mail',
  reply_to_email: 'Reply-to e-mail',
  require_consent_confirmation: 'Consent confirmation required',
  timezone: 'Timezone',
  assignee_id: 'Assignee',
  email: 'E-mail address',
  email_hash: 'Address hash',
  full_name: 'Name',
  phone: 'Phone',
  email_marketing_consent: 'E-mail marketing consent',
  sms_marketing_consent: 'SMS marketing consent',
  conditions: 'Conditions',
  match: 'Match',
  token_hash: 'Invitation link',
  expires_at: 'Expires',
};

/** "bounce_pause_threshold" → "Bounce pause threshold", "sessionsEnded" → "Sessions ended". */
export function fieldLabel(field: string): string {
  const known = spellings(field)
    .map((name) => FIELD_LABELS[name])
    .find((label) => label !== undefined);
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface FieldChange {
  field: string;
  label: string;
  /** The values in words; both null when the row keeps only that the field changed. */
  before: string | null;
  after: string | null;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueText(field: string, value: unknown, dateTime: (iso: string) => string): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return count.format(value);
  if (typeof value === 'string') {
    if (field === 'role') return roleLabel(value) ?? value;
    return ISO_TIME.test(value) ? dateTime(value) : value;
  }
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((v) => valueText(field, v, dateTime)).join(', ');
  return JSON.stringify(value);
}

/** The fields an update changed, before → after; `dateTime` formats timestamps for the reader. */
export function describeChanges(row: AuditRow, dateTime: (iso: string) => string): FieldChange[] {
  const changes = record(parse(row.summary).changes);
  return Object.entries(changes).map(([field, value]) => {
    const pair = record(value);
    const shown = 'before' in pair || 'after' in pair;
    return {
      field,
      label: fieldLabel(field),
      before: shown ? valueText(field, pair.before, dateTime) : null,
      after: shown ? valueText(field, pair.after, dateTime) : null,
    };
  });
}
