import { sql } from 'kysely';
import {
  type CampaignPreview,
  type CampaignPreviewInput,
  SAMPLE_CONTACT_NAME,
} from '#shared/campaigns/schemas.ts';
import { mergeTags, renderPreview } from '#shared/templates/variables.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor } from '../db/database.ts';
import { renderBlocksBody } from '../email/layout/blocks.ts';
import { sanitizeMarketingHtml } from '../email/marketing-html.ts';
import {
  inactiveContactSql,
  MAY_RECEIVE_MARKETING,
  segmentAudience,
  findSegment,
} from '../segments/entry.ts';
import { getSettingsTimezone, getSunsetMonths } from '../settings/entry.ts';
import { PREFERENCES_PATH } from '../unsubscribe/entry.ts';
import { campaignRenderer, contactMergeValues } from './render.ts';

/** The named sample's address: a reserved domain, so a copied preview reaches nobody. */
export const SAMPLE_CONTACT_EMAIL = 'alex.sample@example.com';

/**
 * The contact the preview is merged for: the first of the campaign's audience (a segment, or
 * everyone who may receive marketing, less the inactive ones unless included, decision 089),
 * preferring one with a name; undefined when the audience is empty or its segment is gone.
 */
export async function sampleAudienceContact(
  db: DbExecutor,
  audience: { segmentId: string | null; includeInactive: boolean },
  now = new Date(),
): Promise<{ email: string; fullName: string | null } | undefined> {
  let condition = MAY_RECEIVE_MARKETING;
  if (audience.segmentId) {
    const segment = await findSegment(db, audience.segmentId);
    if (!segment) return undefined;
    condition = segmentAudience(segment.definition, await getSettingsTimezone(db));
  }
  const inactive = audience.includeInactive
    ? sql<boolean>`false`
    : inactiveContactSql(await getSunsetMonths(db), now);
  const result = await sql<{ email: string; full_name: string | null }>`
    SELECT l.email, l.full_name FROM leads l
     WHERE ${condition} AND NOT ${inactive}
     ORDER BY (nullif(trim(l.full_name), '') IS NULL), l.created_at, l.id
     LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row ? { email: row.email, fullName: row.full_name } : undefined;
}

/**
 * A block campaign's preview (decision 092): the body from the one block renderer, merged by the
 * sending engine's own renderer (campaignRenderer) with the sample contact's values and the
 * campaign's, in the layout with the compliance footer. Its links are the preferences page, as a
 * test e-mail's; a tag still without a value shows as [name], never as braces (decision 011).
 * `showContacts`: the member may see contacts; otherwise the named sample stands in.
 */
export async function previewCampaignBlocks(
  db: DbExecutor,
  config: Pick<AppConfig, 'appUrl' | 'site'>,
  input: CampaignPreviewInput,
  showContacts: boolean,
): Promise<CampaignPreview> {
  const contact = showContacts
    ? await sampleAudienceContact(db, {
        segmentId: input.segmentId ?? null,
        includeInactive: input.includeInactive,
      })
    : undefined;
  const person = contact ?? { email: SAMPLE_CONTACT_EMAIL, fullName: SAMPLE_CONTACT_NAME };
  const page = `${config.appUrl}${PREFERENCES_PATH}`;
  const values = contactMergeValues(person, { unsubscribeUrl: page, preferencesUrl: page });
  // Sanitised as Save Draft stores it (contentValues), so the preview is the message sent.
  const body = sanitizeMarketingHtml(renderBlocksBody(config.site, input.blocks));
  const rendered = campaignRenderer(
    {
      subject: input.subject,
      preheader: input.preheader,
      html: body,
      text: null,
      variables: input.variables,
    },
    config.site,
  )(values);
  return {
    html: renderPreview(rendered.html, {}),
    subject: renderPreview(rendered.subject, {}),
    // Filled as the renderer fills it for the inbox: one line, the recipient's values winning.
    preheader: renderPreview(
      mergeTags(input.preheader, { ...input.variables, ...values }, false).replace(/[\r\n]+/g, ' '),
      {},
    ),
    body,
    sample: { name: values.full_name, email: person.email, fromAudience: contact !== undefined },
  };
}
