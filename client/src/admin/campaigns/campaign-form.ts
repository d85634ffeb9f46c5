import { useForm } from '@mantine/form';
import type { AbTest } from '#shared/campaigns/ab-test.ts';
import { abTestSize } from '#shared/campaigns/ab-test.ts';
import type { CampaignDetail, CampaignSaveDraftInput } from '#shared/campaigns/schemas.ts';
import type { BlockDocument } from '#shared/templates/blocks.ts';
import { usedValues, type VariableValues } from '#shared/templates/variables.ts';
import { formatCount } from '../widgets/format.ts';
import { type AbTestDraft, abTestDraftFrom } from './AbTestFields.tsx';

/** What the campaign editor holds, as typed; the shared rules check it (ValidationPanel). */
export interface CampaignFormValues {
  name: string;
  subject: string;
  /** The inbox preview text (decision 011); blank: none. */
  preheader: string;
  html: string;
  /** The hand-written text part; blank: generated from the HTML (decision 024). */
  text: string;
  testMode: boolean;
  /** Comma-separated, as typed; parseTestEmails keeps the valid ones. */
  testEmails: string;
  templateId: string | null;
  variables: VariableValues;
  segmentId: string | null;
  /** Also send to contacts the sunset policy leaves out (decision 089). */
  includeInactive: boolean;
  abTest: AbTestDraft;
}

export function campaignFormValues(campaign?: CampaignDetail): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    subject: campaign?.subject ?? '',
    preheader: campaign?.preheader ?? '',
    html: campaign?.htmlContent ?? '',
    text: campaign?.textContent ?? '',
    testMode: campaign?.isTestMode ?? false,
    testEmails: campaign?.testEmails.join(', ') ?? '',
    templateId: campaign?.templateId ?? null,
    variables: campaign?.variables ?? {},
    segmentId: campaign?.segmentId ?? null,
    includeInactive: campaign?.includeInactive ?? false,
    abTest: abTestDraftFrom(campaign?.abTest),
  };
}

/** The editor's form: state only; the shared rules (validateCampaign) judge it as it is typed. */
export function useCampaignForm(campaign?: CampaignDetail) {
  return useForm<CampaignFormValues>({ initialValues: campaignFormValues(campaign) });
}

/** The form as the hook returns it, for the parts that take it. */
export type CampaignForm = ReturnType<typeof useCampaignForm>;

/** Why the A/B subject test is off for this campaign (decisions 037 and 038), or null. */
export function abDisabledReason(testMode: boolean, resendOf: string | null): string | null {
  if (testMode) return 'Test mode sends subject A to the test addresses: no A/B test.';
  if (resendOf) return 'A non-openers copy has one subject.';
  return null;
}

/** Both subjects and the preheader read after them, where merge tags needing a value may appear. */
export const subjectsOf = (values: CampaignFormValues, ab: AbTest | null) =>
  `${values.subject} ${ab?.subjectB ?? ''} ${values.preheader}`;

/**
 * Tags used only in the hand-written text part need values too. A campaign made from blocks
 * (decision 092) has neither HTML nor text of its own: its blocks' texts are its body.
 */
export const bodyOf = (values: CampaignFormValues, blockTexts: string | null = null) =>
  blockTexts ?? `${values.html}\n${values.text}`;

/** The input saveDraft, sendNow and schedule take. */
export function campaignInput(
  values: CampaignFormValues,
  context: {
    id: string | undefined;
    resendOf: string | null;
    testEmails: string[];
    ab: AbTest | null;
    /** The blocks when the campaign is made from them (decision 092): the server renders its HTML. */
    blocks?: { doc: BlockDocument; texts: string } | null;
  },
): CampaignSaveDraftInput {
  const blocks = context.blocks ?? null;
  return {
    ...(context.id ? { id: context.id } : {}),
    name: values.name,
    subject: values.subject,
    preheader: values.preheader,
    htmlContent: blocks ? '' : values.html,
    blocks: blocks?.doc ?? null,
    textContent: blocks ? null : values.text,
    isTestMode: values.testMode,
    testEmails: context.testEmails,
    templateId: values.templateId,
    variables: usedValues(subjectsOf(values, context.ab), bodyOf(values, blocks?.texts), values.variables),
    abTest: context.ab,
    // A non-openers copy goes to the original's non-openers, never to a segment (decision 038).
    segmentId: context.resendOf ? null : values.segmentId,
    includeInactive: values.includeInactive,
  };
}

/** The line Send Now adds about an A/B test: who gets A or B now, and when the rest follow. */
export function abTestNote(recipients: number, ab: AbTest | null): string | null {
  if (!ab) return null;
  return (
    `A/B test: ${formatCount(abTestSize(recipients, ab.testPercent))} of them get subject A or B now; ` +
    `the rest get the winner ${ab.waitHours} hour${ab.waitHours === 1 ? '' : 's'} after the test sends.`
  );
}

/**
 * The line under the audience about the sunset policy (decision 089): how many contacts it leaves
 * out, or that they are included; null when the policy is off or leaves nobody out.
 */
export function inactiveNote(audience: {
  inactive: number;
  sunsetMonths: number;
  includeInactive: boolean;
}): string | null {
  if (audience.sunsetMonths === 0 || audience.inactive === 0) return null;
  const who = `${formatCount(audience.inactive)} inactive contact${audience.inactive === 1 ? '' : 's'}`;
  const why = `no open or click in ${audience.sunsetMonths} month${audience.sunsetMonths === 1 ? '' : 's'}`;
  return audience.includeInactive ? `Includes ${who} (${why}).` : `${who} left out (${why}).`;
}

/** What the recipient count counts, under it. */
export function recipientsLabel(audience: {
  testMode: boolean;
  resendOf: string | null;
  segmentId: string | null;
  segmentName: string | undefined;
  originalName: string;
}): string {
  if (audience.testMode) return 'valid test email addresses';
  if (audience.resendOf) return `non-openers of ${audience.originalName} who may still be e-mailed`;
  if (audience.segmentId)
    return `contacts in ${audience.segmentName ? `"${audience.segmentName}"` : 'the segment'} who may receive marketing`;
  return 'subscribed contacts';
}
