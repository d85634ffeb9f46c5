import { sql } from 'kysely';
import { escapeHtml } from '#shared/templates/variables.ts';
import { type DbExecutor, type DbTransaction, inTransaction } from '../db/database.ts';
import { registerEntriesOfContact, registerRetentionYears } from '../register/entry.ts';
import { excludeSnapshots } from '../db/snapshot-lock.ts';
import { PGBOSS_SCHEMA } from '../jobs/queue.ts';
import { deletePhotoFiles, type UploadStorage } from '../uploads/entry.ts';

// Erasing a contact on request (decision 036; Privacy Act APP 11.2). The contact,
// its enquiries (with their photos, notes, offers and replies, and the seller's side: answers to
// offers, messages and their attachments, visits and kits) and its consent records are
// deleted, and so is mail from their address that names no enquiry; rows that other figures count are kept without the person in them: campaign sends keep
// their status (the campaign counters never change), unsubscribe logs their action and date. The
// address stays only as its hash on the suppression list, so no campaign or import reaches it again.

export type EraseResult =
  | { status: 'not_found' }
  | { status: 'confirmation_mismatch' }
  /**
   * registerEntries: the dealer's register entries of this seller that stay, without the contact,
   * for retentionYears: the state's or the settings', the longer (decisions 058, 071).
   */
  | { status: 'ok'; photos: number; registerEntries: number; retentionYears: number };

export async function eraseContact(
  services: { db: DbExecutor },
  storage: UploadStorage,
  input: { id: string; confirmation: string; actorEmail: string },
  now = new Date(),
): Promise<EraseResult> {
  const result = await inTransaction(services.db, async (trx) => {
    const contact = await trx
      .selectFrom('leads')
      .select(['id', 'email'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!contact) return { status: 'not_found' } as const;
    if (input.confirmation.trim().toLowerCase() !== contact.email.toLowerCase())
      return { status: 'confirmation_mismatch' } as const;
    // A dealer keeps the record of a watch it bought (decision 058): the register entry holds its
    // own copy of the seller's name and address, and loses only its link to the enquiry below.
    const registerEntries = await registerEntriesOfContact(trx, contact.id);
    const email = contact.email;

    // What they wrote to the business (decision 060): the messages filed on their enquiries go
    // with them below; mail from their address that names no enquiry ("Unmatched mail") goes
    // here, attachments with it. An image they e-mailed is a photo of the enquiry; one whose row
    // lost that link in a filing race is still found through its attachment.
    const theirMessages = await trx
      .selectFrom('enquiry_incoming_messages')
      .select(['id', 'provider_email_id'])
      .where((eb) =>
        eb.or([
          eb('enquiry_id', 'in', eb.selectFrom('enquiries').select('id').where('lead_id', '=', contact.id)),
          eb.and([
            eb('enquiry_id', 'is', null),
            eb(eb.fn('lower', ['from_email']), '=', email.toLowerCase()),
          ]),
        ]),
      )
      .execute();
    const messageIdsOfTheirs = theirMessages.map((m) => m.id);
    const imageIds =
      messageIdsOfTheirs.length === 0
        ? []
        : (
            await trx
              .selectFrom('enquiry_incoming_attachments')
              .select('upload_id')
              .where('message_id', 'in', messageIdsOfTheirs)
              .where('upload_id', 'is not', null)
              .$narrowType<{ upload_id: string }>()
              .execute()
          ).map((a) => a.upload_id);
    const photos = await trx
      .deleteFrom('uploads')
      .where((eb) => {
        const ofEnquiries = eb(
          'enquiry_id',
          'in',
          eb.selectFrom('enquiries').select('id').where('lead_id', '=', contact.id),
        );
        return imageIds.length === 0 ? ofEnquiries : eb.or([ofEnquiries, eb('id', 'in', imageIds)]);
      })
      .returning(['driver', 'storage_key'])
      .execute();
    if (messageIdsOfTheirs.length > 0)
      await trx
        .deleteFrom('enquiry_incoming_messages')
        .where('id', 'in', messageIdsOfTheirs)
        .where('enquiry_id', 'is', null)
        .execute();
    // The webhook's copy of each inbound e-mail (its sender, recipients, subject, file names),
    // also of one that was never filed: reduced to its type, id and times.
    const inboundIds = theirMessages.flatMap((m) => (m.provider_email_id ? [m.provider_email_id] : []));
    await sql`
      UPDATE email_events SET payload = jsonb_build_object(
        'type', payload -> 'type',
        'created_at', payload -> 'created_at',
        'data', jsonb_strip_nulls(jsonb_build_object(
          'email_id', payload #> '{data,email_id}',
          'created_at', payload #> '{data,created_at}')))
      WHERE type = 'email.received'
        AND (provider_message_id = ANY(${inboundIds}::text[])
          OR strpos(lower(payload #>> '{data,from}'), lower(${email})) > 0)`.execute(trx);

    // Sends stay for the campaign counters, their address replaced by a placeholder that is unique
    // per send (the campaign's unique index) and not an address; events keep what the reports read.
    // A snapshot in progress is waited for, so none of its sends escape (decision 044); a queued
    // send is found by its address, the others by the contact too.
    await excludeSnapshots(trx);
    const sends = await sql<{ id: string; provider_message_id: string | null }>`
      UPDATE email_sends SET recipient_email = 'erased:' || id::text, recipient_name = NULL, lead_id = NULL,
        error = NULL, bounce_message = NULL
      WHERE (lead_id = ${contact.id} AND status <> 'queued') OR lower(recipient_email) = lower(${email})
      RETURNING id, provider_message_id`.execute(trx);
    const sendIds = sends.rows.map((s) => s.id);
    const messageIds = sends.rows.flatMap((s) => (s.provider_message_id ? [s.provider_message_id] : []));
    if (sendIds.length > 0)
      await sql`
        UPDATE email_events SET payload = jsonb_build_object(
          'type', payload -> 'type',
          'created_at', payload -> 'created_at',
          'data', jsonb_strip_nulls(jsonb_build_object(
            'email_id', payload #> '{data,email_id}',
            'created_at', payload #> '{data,created_at}',
            'click', CASE WHEN payload #> '{data,click,link}' IS NOT NULL
                     THEN jsonb_build_object('link', payload #> '{data,click,link}') END,
            'bounce', CASE WHEN payload #> '{data,bounce,type}' IS NOT NULL
                      THEN jsonb_build_object('type', payload #> '{data,bounce,type}') END)))
        WHERE send_id = ANY(${sendIds}::uuid[]) OR provider_message_id = ANY(${messageIds}::text[])`.execute(
        trx,
      );

    await sql`
      UPDATE unsubscribe_logs SET email = 'erased', ip_address = NULL, user_agent = NULL, reason = NULL,
        lead_id = NULL
      WHERE lead_id = ${contact.id} OR lower(email) = lower(${email})`.execute(trx);
    // The team's e-mails about them and theirs (decision 069), in the outbox and in the job rows.
    const enquiryIds = (
      await trx.selectFrom('enquiries').select('id').where('lead_id', '=', contact.id).execute()
    ).map((e) => e.id);
    const needles = await personNeedles(trx, contact.id);
    await eraseFromOutbox(trx, email, enquiryIds, needles);
    // What imports kept of the person: their rejected rows, and an upload not yet run.
    await sql`DELETE FROM contact_import_rejections WHERE lower(email) = lower(${email})`.execute(trx);
    await sql`
      UPDATE contact_imports SET source_text = NULL, preview = '[]'::jsonb,
        status = CASE WHEN status = 'draft' THEN 'cancelled' ELSE status END,
        finished_at = coalesce(finished_at, ${now})
      WHERE strpos(lower(source_text), lower(${email})) > 0
         OR strpos(lower(preview::text), lower(${email})) > 0`.execute(trx);

    await eraseFromJobs(trx, email, enquiryIds, needles);

    await sql`
      INSERT INTO email_suppressions (email, email_hash, reason, created_by, created_at)
      VALUES (NULL, email_hash(${email}), 'erased', ${input.actorEmail}, ${now})
      ON CONFLICT (email_hash) DO UPDATE SET email = NULL, reason = 'erased', note = NULL,
        created_by = EXCLUDED.created_by`.execute(trx);
    // Enquiries (their events, offers and replies) and consent records go with the contact.
    await trx.deleteFrom('leads').where('id', '=', contact.id).execute();
    return { status: 'ok', photos, registerEntries } as const;
  });
  if (result.status !== 'ok') return result;
  await deletePhotoFiles(storage, result.photos);
  return {
    status: 'ok',
    photos: result.photos.length,
    registerEntries: result.registerEntries,
    retentionYears: await registerRetentionYears(services.db),
  };
}

/** A name or phone shorter than this is not looked for in jobs: it would match unrelated words. */
const MIN_JOB_NEEDLE = 3;

/** Their names and phones as the e-mails hold them: as typed, and HTML-escaped where that differs. */
async function personNeedles(trx: DbTransaction, contactId: string): Promise<string[]> {
  const people = await sql<{ needle: string }>`
    SELECT DISTINCT btrim(v) AS needle FROM (
      SELECT unnest(ARRAY[full_name, phone]) AS v FROM leads WHERE id = ${contactId}
      UNION ALL
      SELECT unnest(ARRAY[contact_name, contact_phone]) FROM enquiries WHERE lead_id = ${contactId}
    ) x
    WHERE length(btrim(v)) >= ${MIN_JOB_NEEDLE}`.execute(trx);
  return [...new Set(people.rows.flatMap((r) => [r.needle, escapeHtml(r.needle)]))];
}

/** One case-insensitive pattern matching any needle, its metacharacters (a dot, a bracket) literal. */
function needlePattern(needles: readonly string[]): string {
  return needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}

/**
 * The outbox's copies (decision 069). A row about their enquiries only, or sent to or naming their
 * address, is deleted; a row about theirs and others' (the digest) keeps the others, their name and
 * phone becoming "[erased]" and their enquiries leaving its list. Rows kept before the outbox named
 * its enquiries are found by text: the address deletes them, the name or phone is redacted.
 */
async function eraseFromOutbox(
  trx: DbTransaction,
  email: string,
  enquiryIds: readonly string[],
  needles: readonly string[],
): Promise<void> {
  const text = sql`lower(concat_ws(' ', array_to_string(to_addresses, ' '), reply_to, subject, html, text_body,
    headers::text))`;
  await sql`
    DELETE FROM outbox_emails
    WHERE strpos(${text}, lower(${email})) > 0
       OR (about_enquiry_ids <> '{}' AND about_enquiry_ids <@ ${enquiryIds}::uuid[])`.execute(trx);
  const about = sql`about_enquiry_ids && ${enquiryIds}::uuid[]`;
  if (needles.length === 0) {
    await sql`
      UPDATE outbox_emails SET about_enquiry_ids = ARRAY(
        SELECT a FROM unnest(about_enquiry_ids) a WHERE a <> ALL(${enquiryIds}::uuid[]))
      WHERE ${about}`.execute(trx);
    return;
  }
  const pattern = needlePattern(needles);
  const redact = (column: string) => sql`regexp_replace(${sql.ref(column)}, ${pattern}, '[erased]', 'gi')`;
  await sql`
    UPDATE outbox_emails SET
      subject = ${redact('subject')}, html = ${redact('html')}, text_body = ${redact('text_body')},
      about_enquiry_ids = ARRAY(
        SELECT a FROM unnest(about_enquiry_ids) a WHERE a <> ALL(${enquiryIds}::uuid[]))
    WHERE ${about}
       OR EXISTS (SELECT 1 FROM unnest(${needles}::text[]) n
                  WHERE strpos(lower(concat_ws(' ', subject, html, text_body)), lower(n)) > 0)`.execute(trx);
}

/**
 * The person in pg-boss's job rows (payloads, outputs and a dead letter's copy of its source's
 * output), decision 036: e-mails queued to them or about them, and finished jobs that carried them.
 * pg-boss 12 keeps every job, finished or not, in `pgboss.job` (partitioned by queue) until its
 * retention ends; it has no separate archive table.
 *
 * - A job mentioning the address, or an e-mail about their enquiries only (decision 069), is
 *   deleted, whatever its state: a queued e-mail to the person is never sent, and a finished job is
 *   history nothing reads. The provider's webhook events of those e-mails (their subject names the
 *   person) are reduced to their type, id and times, and so is any other transactional e-mail's
 *   event whose payload names them (its job already pruned).
 * - A finished job mentioning their name or phone (a staff notice or digest) is deleted too.
 * - A job still to run that mentions the name or phone but not the address (the staff digest of
 *   several enquiries) is still needed for the others: those words become "[erased]".
 */
async function eraseFromJobs(
  trx: DbTransaction,
  email: string,
  enquiryIds: readonly string[],
  needles: readonly string[],
): Promise<void> {
  const job = sql.table(`${PGBOSS_SCHEMA}.job`);
  const text = sql`lower(concat_ws(' ', j.data::text, j.output::text, j.source_output::text))`;
  const mentions = sql`EXISTS (SELECT 1 FROM unnest(${needles}::text[]) n WHERE strpos(${text}, lower(n)) > 0)`;
  const deleted = await sql<{ provider_id: string | null }>`
    DELETE FROM ${job} j
    WHERE strpos(${text}, lower(${email})) > 0
       OR (jsonb_typeof(j.data -> 'aboutEnquiryIds') = 'array'
           AND jsonb_array_length(j.data -> 'aboutEnquiryIds') > 0
           AND (j.data -> 'aboutEnquiryIds') <@ to_jsonb(${enquiryIds}::text[]))
       OR (j.state IN ('completed', 'cancelled', 'failed') AND ${mentions})
    RETURNING j.output ->> 'id' AS provider_id`.execute(trx);
  const providerIds = deleted.rows.flatMap((r) => (r.provider_id ? [r.provider_id] : []));
  const inPayload = sql`EXISTS (SELECT 1 FROM unnest(${[email, ...needles]}::text[]) n
    WHERE strpos(lower(payload::text), lower(n)) > 0)`;
  await sql`
    UPDATE email_events SET payload = jsonb_build_object(
      'type', payload -> 'type',
      'created_at', payload -> 'created_at',
      'data', jsonb_strip_nulls(jsonb_build_object(
        'email_id', payload #> '{data,email_id}',
        'created_at', payload #> '{data,created_at}')))
    WHERE provider_message_id = ANY(${providerIds}::text[]) OR (send_id IS NULL AND ${inPayload})`.execute(
    trx,
  );
  if (needles.length === 0) return;
  const pattern = needlePattern(needles);
  const redact = (column: string) => sql`
    CASE WHEN ${sql.ref(`j.${column}`)} IS NULL THEN NULL
    ELSE regexp_replace(${sql.ref(`j.${column}`)}::text, ${pattern}, '[erased]', 'gi')::jsonb END`;
  await sql`
    UPDATE ${job} j
    SET data = ${redact('data')}, output = ${redact('output')}, source_output = ${redact('source_output')}
    WHERE ${mentions}`.execute(trx);
}
