import '../../zod-csp.ts';
import {
  firstErrorPerField,
  leadFormSchema,
  type LeadFormInput,
  type LeadSubmitInput,
} from '#shared/leads/schema.ts';
import type { Utm } from './utm.ts';

/** What the inputs hold: text exactly as typed, choices as '' until picked. */
export interface SellFormValues {
  fullName: string;
  email: string;
  phone: string;
  watchBrand: string;
  watchModel: string;
  watchYear: string;
  watchCondition: string;
  hasBox: boolean;
  hasPapers: boolean;
  additionalDetails: string;
  emailMarketingConsent: boolean;
  smsMarketingConsent: boolean;
}

export type SellFormField = keyof SellFormValues;
/** Fields that can carry a message: the inputs plus the photo list. */
export type ErrorField = SellFormField | 'photos';
export type SellFormErrors = Partial<Record<ErrorField, string>>;

export const initialValues: SellFormValues = {
  fullName: '',
  email: '',
  phone: '',
  watchBrand: '',
  watchModel: '',
  watchYear: '',
  watchCondition: '',
  hasBox: false,
  hasPapers: false,
  additionalDetails: '',
  emailMarketingConsent: false,
  smsMarketingConsent: false,
};

export const STEPS = [
  { title: 'Personal Information', fields: ['fullName', 'email', 'phone'] },
  {
    title: 'Watch Details',
    fields: [
      'watchBrand',
      'watchModel',
      'watchYear',
      'watchCondition',
      'hasBox',
      'hasPapers',
      'additionalDetails',
    ],
  },
  { title: 'Upload Photos', fields: ['photos', 'emailMarketingConsent', 'smsMarketingConsent'] },
] as const satisfies ReadonlyArray<{ title: string; fields: readonly ErrorField[] }>;

/** Focus order within the form: the first field (in this order) with a message gets focus. */
export const FIELD_ORDER: readonly ErrorField[] = STEPS.flatMap((step) => [...step.fields]);

export function fieldId(field: ErrorField): string {
  return `sell-${field}`;
}

export function errorId(field: ErrorField): string {
  return `sell-${field}-error`;
}

/** The shared lead schema decides; only the first message of each field is kept (docs/spec/public-site.md §5). */
export function validateSellForm(values: SellFormValues): SellFormErrors {
  // The selects hold '' until chosen, which the schema's enums reject with the spec's messages.
  const result = leadFormSchema.safeParse(values satisfies Record<keyof LeadFormInput, unknown>);
  return result.success ? {} : firstErrorPerField(result.error);
}

export function stepOf(field: ErrorField): number {
  return STEPS.findIndex((step) => (step.fields as readonly ErrorField[]).includes(field));
}

/** Messages that belong to one step, so "Next" never shows errors for steps not yet seen. */
export function errorsForStep(errors: SellFormErrors, step: number): SellFormErrors {
  const fields: readonly ErrorField[] = STEPS[step]?.fields ?? [];
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field as ErrorField)));
}

export function firstErrorField(errors: SellFormErrors): ErrorField | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
}

/** The tRPC input: the form as typed (the server parses it with the same schema) plus attribution. */
export function buildSubmission(
  values: SellFormValues,
  extras: { utm: Utm; referrer?: string | null; eventId: string; photoIds: string[] },
): LeadSubmitInput {
  return {
    ...(values as LeadFormInput),
    ...extras.utm,
    referrer: extras.referrer ?? null,
    meta_event_id: extras.eventId,
    photo_upload_ids: extras.photoIds,
  };
}

/** Field messages from a BAD_REQUEST's `data.fieldErrors`, mapped onto the form's fields. */
export function serverFieldErrors(
  fieldErrors: Record<string, string[] | undefined> | null | undefined,
): SellFormErrors {
  const errors: SellFormErrors = {};
  if (!fieldErrors) return errors;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = messages?.[0];
    if (!message) continue;
    if (field === 'photo_upload_ids') errors.photos = message;
    else if ((FIELD_ORDER as readonly string[]).includes(field)) errors[field as ErrorField] = message;
  }
  return errors;
}

/** A client-generated id for the enquiry and its ad events; works without a secure context. */
export function newEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `lead_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
