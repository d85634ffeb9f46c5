import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { submissionFailedMessage } from '#shared/leads/schema.ts';
import { cityNote, type SellSearchParams } from '#shared/leads/sell-search.ts';
import type { AppRouter } from '#server/trpc/router.ts';
import { trackCheckoutInitiated, trackConversion, trackLead } from '../analytics.ts';
import { type TypedFields, usePrerenderedForm, withTyped } from '../prerendered-forms.ts';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import {
  buildSubmission,
  errorsForStep,
  fieldId,
  firstErrorField,
  initialValues,
  newEventId,
  type SellFormErrors,
  type SellFormField,
  type SellFormValues,
  serverFieldErrors,
  stepOf,
  STEPS,
  validateSellForm,
} from './form-state.ts';
import { PhotosField } from './PhotosField.tsx';
import { SellConfirmation, type SubmittedEnquiry } from './SellConfirmation.tsx';
import { StepIndicator } from './StepIndicator.tsx';
import { ConsentFields, PersonalStep, WatchStep } from './Steps.tsx';
import { Toasts, useToasts } from './Toasts.tsx';
import { usePhotos } from './usePhotos.ts';
import { readReferrer, readUtm } from './utm-read.ts';

/** The spec's nominal value of a seller lead for ad platforms. */
const LEAD_VALUE = { value: 1000, currency: 'AUD' } as const;
const LAST_STEP = STEPS.length - 1;

type FocusTarget = { kind: 'field'; id: string } | { kind: 'heading' } | null;

function fieldErrorsOf(error: unknown): Record<string, string[] | undefined> | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = (error as TRPCClientError<AppRouter>).data;
  return data?.code === 'BAD_REQUEST' ? (data.fieldErrors ?? null) : null;
}

/** The form's starting values for a landing page's preset (brand, or a note of the seller's city). */
function presetValues(current: SellFormValues, preset: SellSearchParams): SellFormValues {
  return {
    ...current,
    watchBrand: current.watchBrand || preset.brand || '',
    additionalDetails: current.additionalDetails || (preset.city ? cityNote(preset.city) : ''),
  };
}

/**
 * The three-step sell form: validated on submit with the shared lead schema, photos uploaded as
 * chosen. A successful submission replaces the form with a confirmation that stays, so it does not
 * invite a second submission.
 */
export function SellForm({
  preset = {},
  onSubmittedChange,
}: {
  preset?: SellSearchParams;
  /** Told when the confirmation replaces the form and when the form comes back. */
  onSubmittedChange?: (submitted: boolean) => void;
}) {
  const trpc = useTRPC();
  const submitLead = useMutation(trpc.lead.submit.mutationOptions());
  const photos = usePhotos();
  const { toast, show, dismiss } = useToasts();

  const [values, setValues] = useState<SellFormValues>(initialValues);
  const [errors, setErrors] = useState<SellFormErrors>({});
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  // One id per enquiry: a retry after a lost response is recognised by the server as the same one.
  const [eventId, setEventId] = useState(newEventId);
  // Focus moves after the render that shows the new step or messages, hence a ref read by an effect.
  const pendingFocus = useRef<FocusTarget>(null);
  const checkoutTracked = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [submitted, setSubmitted] = useState<SubmittedEnquiry | null>(null);
  useEffect(() => {
    onSubmittedChange?.(submitted !== null);
  }, [submitted, onSubmittedChange]);

  function trackCheckoutOnce() {
    if (checkoutTracked.current) return;
    checkoutTracked.current = true;
    trackCheckoutInitiated();
  }

  // What the seller typed into the prerendered form before the app started (decision 010).
  const formProps = usePrerenderedForm('sell', (typed: TypedFields) => {
    setValues((current) => withTyped(current, typed));
    trackCheckoutOnce();
  });

  // Applied after hydration: the prerendered page has no query string, so the first render must
  // match it; a field the seller already filled is left alone.
  const { brand: presetBrand, city: presetCity } = preset;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- hydration must first match the prerendered (preset-free) HTML
    setValues((current) => presetValues(current, { brand: presetBrand, city: presetCity }));
  }, [presetBrand, presetCity]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target.kind === 'heading') headingRef.current?.focus();
    else document.getElementById(target.id)?.focus();
  });

  function change<F extends SellFormField>(field: F, value: SellFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A message goes once the seller edits its field; the next submit re-checks everything.
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    if (value !== '' && value !== false) trackCheckoutOnce();
  }

  function showErrors(found: SellFormErrors) {
    setErrors(found);
    const first = firstErrorField(found);
    if (!first) return;
    setStep(stepOf(first));
    pendingFocus.current = { kind: 'field', id: fieldId(first) };
  }

  function goTo(next: number) {
    setStep(next);
    pendingFocus.current = { kind: 'heading' };
  }

  function next() {
    const stepErrors = errorsForStep(validateSellForm(values), step);
    if (Object.keys(stepErrors).length > 0) {
      showErrors(stepErrors);
      return;
    }
    setErrors({});
    goTo(step + 1);
  }

  async function submit() {
    const found = validateSellForm(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSubmitting(true);
    try {
      const photoIds = await photos.settle();
      const result = await submitLead.mutateAsync(
        buildSubmission(values, { utm: readUtm(), referrer: readReferrer(), eventId, photoIds }),
      );
      if (!result.success) throw new Error('The server did not confirm the submission');
      trackLead({ eventId, ...LEAD_VALUE });
      trackConversion({ eventId, ...LEAD_VALUE });
      setSubmitted({
        reference: enquiryReference(result.enquiryId),
        firstName: values.fullName.trim().split(/\s+/)[0] ?? '',
        email: values.email.trim(),
        confirmationRequested: result.confirmationRequested,
      });
      setValues(presetValues(initialValues, preset));
      setErrors({});
      photos.clear();
      setEventId(newEventId());
      setStep(0);
      // The spec's success message is the confirmation's own status line, not a toast over it
      // (decision 053).
      dismiss();
    } catch (error) {
      // Entries are kept; messages the server attached to fields are shown beside them.
      const fromServer = serverFieldErrors(fieldErrorsOf(error));
      if (Object.keys(fromServer).length > 0) showErrors(fromServer);
      show('error', submissionFailedMessage(site.phone));
    } finally {
      setSubmitting(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // Enter in a field of an earlier step moves on rather than submitting.
    if (step < LAST_STEP) next();
    else void submit();
  }

  const current = STEPS[step] ?? STEPS[0];

  if (submitted) {
    return (
      <div className="sell-card">
        <SellConfirmation
          enquiry={submitted}
          onAnother={() => {
            setSubmitted(null);
            pendingFocus.current = { kind: 'heading' };
          }}
        />
      </div>
    );
  }

  return (
    <div className="sell-card">
      <StepIndicator current={step} />
      <form
        {...formProps}
        className="sell-form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="sell-step-heading"
      >
        <h2 className="sell-step-heading" id="sell-step-heading" tabIndex={-1} ref={headingRef}>
          <span className="sell-step-count">
            Step {step + 1} of {STEPS.length}:{' '}
          </span>
          {current.title}
        </h2>
        {step === 0 && <PersonalStep values={values} errors={errors} onChange={change} />}
        {step === 1 && <WatchStep values={values} errors={errors} onChange={change} />}
        {step === 2 && (
          <>
            <PhotosField
              photos={photos}
              error={errors.photos}
              onError={(message) =>
                setErrors((currentErrors) => {
                  const nextErrors = { ...currentErrors };
                  if (message) nextErrors.photos = message;
                  else delete nextErrors.photos;
                  return nextErrors;
                })
              }
            />
            <ConsentFields values={values} onChange={change} />
          </>
        )}
        <div className="sell-actions">
          {step > 0 && (
            <button
              type="button"
              className="sell-button sell-button--secondary"
              onClick={() => goTo(step - 1)}
              disabled={submitting}
            >
              Back
            </button>
          )}
          {step < LAST_STEP ? (
            <button type="submit" className="sell-button">
              Next
            </button>
          ) : (
            <button type="submit" className="sell-button" disabled={submitting} aria-disabled={submitting}>
              {submitting ? 'Processing...' : 'Submit for Free Valuation'}
            </button>
          )}
        </div>
      </form>
      <Toasts toast={toast} onDismiss={dismiss} />
    </div>
  );
}
