import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  linkRequestedMessage,
  lookupEmailSchema,
  unsubscribedByEmailMessage,
} from '#shared/preferences/schemas.ts';
import { usePrerenderedForm } from '../prerendered-forms.ts';
import { useTRPC } from '../../trpc.ts';
import { lookupErrorMessage } from './errors.ts';
import { Notice } from './Notice.tsx';

type Outcome = { tone: 'success' | 'error'; message: string };

/**
 * Look-up by e-mail (decision 004). It never shows whether the address is on file: it offers two
 * actions that work the same for any address and confirms them in neutral words.
 */
export function EmailLookup({
  initialEmail,
  onSuccess,
}: {
  initialEmail: string;
  /** Called when an action succeeded, so the page can drop an error that no longer applies. */
  onSuccess?: () => void;
}) {
  const trpc = useTRPC();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [chosenEmail, setChosenEmail] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const choicesRef = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // An address typed into the prerendered look-up before the app started (decision 010).
  const formProps = usePrerenderedForm('preferences-lookup', (typed) => {
    if (typeof typed.email === 'string') setValue(typed.email);
  });

  const report = (result: Outcome) => {
    setOutcome(result);
    if (result.tone === 'success') onSuccess?.();
  };
  const onError = (error: Parameters<typeof lookupErrorMessage>[0]) =>
    report({ tone: 'error', message: lookupErrorMessage(error) });

  const requestLink = useMutation(
    trpc.preferences.requestLink.mutationOptions({
      onSuccess: (_data, input) => report({ tone: 'success', message: linkRequestedMessage(input.email) }),
      onError,
    }),
  );
  const unsubscribe = useMutation(
    trpc.preferences.unsubscribeByEmail.mutationOptions({
      onSuccess: (_data, input) =>
        report({ tone: 'success', message: unsubscribedByEmailMessage(input.email) }),
      onError,
    }),
  );
  const busy = requestLink.isPending || unsubscribe.isPending;

  useEffect(() => {
    if (chosenEmail) choicesRef.current?.focus();
  }, [chosenEmail]);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = lookupEmailSchema.safeParse(value);
    setOutcome(null);
    if (!parsed.success) {
      setChosenEmail(null);
      setFieldError(parsed.error.issues[0]?.message ?? null);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setChosenEmail(parsed.data);
  };

  return (
    <section className="prefs-lookup" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="prefs-section-title">
        Look up your preferences
      </h2>
      <form {...formProps} className="prefs-lookup-form" noValidate onSubmit={onSubmit}>
        <label className="prefs-label" htmlFor={inputId}>
          Email address
        </label>
        <div className="prefs-lookup-row">
          <input
            ref={inputRef}
            id={inputId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            className="prefs-input"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              // A different address needs its own choice; the previous confirmation no longer applies.
              setChosenEmail(null);
              setOutcome(null);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
          <button type="submit" className="prefs-button prefs-button--primary">
            Look Up
          </button>
        </div>
        {fieldError && (
          <p id={errorId} className="prefs-field-error" role="alert">
            {fieldError}
          </p>
        )}
      </form>

      {chosenEmail && (
        <div className="prefs-choices">
          <h3 ref={choicesRef} tabIndex={-1} className="prefs-choices-title">
            What would you like to do for {chosenEmail}?
          </h3>
          <div className="prefs-choices-buttons">
            <button
              type="button"
              className="prefs-button prefs-button--primary"
              disabled={busy}
              onClick={() => {
                setOutcome(null);
                requestLink.mutate({ email: chosenEmail });
              }}
            >
              {requestLink.isPending ? 'Sending…' : 'Email me a link to manage my preferences'}
            </button>
            <button
              type="button"
              className="prefs-button prefs-button--danger"
              disabled={busy}
              onClick={() => {
                setOutcome(null);
                unsubscribe.mutate({ email: chosenEmail });
              }}
            >
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe this address from all marketing'}
            </button>
          </div>
          <p className="prefs-hint">
            Turning marketing back on always needs the link we e-mail you, so nobody else can do it for you.
          </p>
        </div>
      )}

      <div aria-live="polite" aria-atomic="true">
        {outcome && (
          <Notice tone={outcome.tone} ref={outcomeRef}>
            {outcome.message}
          </Notice>
        )}
      </div>
    </section>
  );
}
