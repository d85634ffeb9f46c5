import '../../zod-csp.ts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  CERTIFICATE_MESSAGES,
  type CertificateVerification,
  verifyCertificateInputSchema,
} from '#shared/enquiries/certificates.ts';
import { errorCode } from '../preferences/errors.ts';
import { Notice } from '../preferences/Notice.tsx';
import { usePrerenderedForm } from '../prerendered-forms.ts';
import { useTRPC } from '../../trpc.ts';
import '../preferences/preferences.css';
import { formatInstant } from '#shared/time/format.ts';

/** The file's SHA-256 in hex, computed here: the file never leaves the browser (decision 072). */
async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Outcome = { tone: 'success' | 'error'; message: string };

function outcomeOf(result: CertificateVerification): Outcome {
  return result.match
    ? {
        tone: 'success',
        message: `This file matches the record of acceptance ${result.certificateId} on ${formatInstant(result.acceptedAt, undefined, 'longDateTime')}.`,
      }
    : { tone: 'error', message: CERTIFICATE_MESSAGES.noMatch };
}

/**
 * /certificates/verify: whether a certificate of acceptance is one we issued, unchanged. The page
 * hashes a chosen file with SubtleCrypto and sends only the SHA-256; a hash can be pasted instead.
 */
export function VerifyCertificatePage() {
  const trpc = useTRPC();
  const fileId = useId();
  const hashId = useId();
  const errorId = useId();
  const [hash, setHash] = useState('');
  const [computed, setComputed] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const hashRef = useRef<HTMLInputElement>(null);
  // A hash pasted before the app started (decision 010).
  const formProps = usePrerenderedForm('certificate-verify', (typed) => {
    if (typeof typed.sha256 === 'string') setHash(typed.sha256);
  });
  const verify = useMutation(
    trpc.certificates.verify.mutationOptions({
      onSuccess: (result) => setOutcome(outcomeOf(result)),
      onError: (error) =>
        setOutcome({
          tone: 'error',
          message:
            errorCode(error) === 'TOO_MANY_REQUESTS'
              ? error.message
              : 'Sorry, the check could not be made. Please try again.',
        }),
    }),
  );
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const check = (value: string) => {
    const parsed = verifyCertificateInputSchema.safeParse({ sha256: value });
    setOutcome(null);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? CERTIFICATE_MESSAGES.hashInvalid);
      hashRef.current?.focus();
      return;
    }
    setFieldError(null);
    verify.mutate(parsed.data);
  };

  const onFile = async (file: File | undefined) => {
    setOutcome(null);
    setComputed(null);
    if (!file) return;
    const digest = await sha256Of(file);
    setComputed(digest);
    setHash(digest);
    check(digest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    check(hash);
  };

  return (
    <main className="page prefs">
      <h1 className="prefs-title">Check a certificate of acceptance</h1>
      <p className="prefs-intro">
        Choose the PDF certificate, or paste its SHA-256, to see whether it matches a record of acceptance we
        keep. The file is checked in your browser and is never uploaded.
      </p>
      <section className="prefs-lookup" aria-labelledby={`${fileId}-heading`}>
        <h2 id={`${fileId}-heading`} className="prefs-section-title">
          The certificate
        </h2>
        <label className="prefs-label" htmlFor={fileId}>
          Certificate file (PDF)
        </label>
        <input
          id={fileId}
          name="certificate"
          type="file"
          accept="application/pdf,.pdf"
          className="prefs-input"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        {computed && (
          <p className="prefs-card-note" style={{ overflowWrap: 'anywhere' }}>
            SHA-256 of the file: <code data-testid="computed-sha256">{computed}</code>
          </p>
        )}
        <form {...formProps} className="prefs-lookup-form" noValidate onSubmit={onSubmit}>
          <label className="prefs-label" htmlFor={hashId}>
            Or paste its SHA-256
          </label>
          <div className="prefs-lookup-row">
            <input
              ref={hashRef}
              id={hashId}
              name="sha256"
              type="text"
              spellCheck={false}
              autoComplete="off"
              className="prefs-input"
              value={hash}
              onChange={(event) => {
                setHash(event.target.value);
                setOutcome(null);
              }}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
            />
            <button type="submit" className="prefs-button prefs-button--primary" disabled={verify.isPending}>
              Check
            </button>
          </div>
          {fieldError && (
            <p id={errorId} className="prefs-field-error" role="alert">
              {fieldError}
            </p>
          )}
        </form>
      </section>
      {outcome && (
        <Notice tone={outcome.tone} ref={outcomeRef}>
          <span data-testid="verify-outcome">{outcome.message}</span>
        </Notice>
      )}
    </main>
  );
}
