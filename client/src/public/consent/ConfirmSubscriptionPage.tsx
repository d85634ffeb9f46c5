import '../../zod-csp.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  channelsPhrase,
  CONFIRMATION_MESSAGES,
  type ConsentConfirmationView,
} from '#shared/consent/messages.ts';
import { errorCode } from '../preferences/errors.ts';
import { Notice } from '../preferences/Notice.tsx';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import '../preferences/preferences.css';
import { formatInstant } from '#shared/time/format.ts';

/**
 * /confirm-subscription: the double opt-in link from the seller's acknowledgement (decision 016).
 * Opening the page changes nothing; the button does, so a mail scanner that follows the link
 * confirms nobody's consent.
 */
export function ConfirmSubscriptionPage({ token }: { token: string | null }) {
  // Once confirmed, the page's title says so rather than still asking (decision 053).
  const [confirmed, setConfirmed] = useState(false);
  return (
    <main className="page prefs">
      <h1 className="prefs-title">{confirmed ? 'Subscription confirmed' : 'Confirm your subscription'}</h1>
      {token ? <TokenConfirmation token={token} onConfirmed={setConfirmed} /> : <MissingToken />}
    </main>
  );
}

function Checking() {
  return (
    <p className="prefs-loading" role="status">
      <span className="prefs-spinner" aria-hidden="true" />
      Checking your link…
    </p>
  );
}

/**
 * The prerendered page has no token either, and a visit with one renders over it: the HTML says
 * "checking" rather than flashing an error, which shows only once the browser knows there is none.
 */
const noSubscription = () => () => {};

function MissingToken() {
  // false while prerendering and hydrating, true once rendering in the browser.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return inBrowser ? <Notice tone="error">{CONFIRMATION_MESSAGES.invalid}</Notice> : <Checking />;
}

function TokenConfirmation({
  token,
  onConfirmed,
}: {
  token: string;
  onConfirmed: (confirmed: boolean) => void;
}) {
  const trpc = useTRPC();
  const view = useQuery(trpc.consent.view.queryOptions({ token }, { refetchOnWindowFocus: false }));
  const confirm = useMutation(trpc.consent.confirm.mutationOptions());
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirm.isSuccess || confirm.isError) resultRef.current?.focus();
  }, [confirm.isSuccess, confirm.isError]);
  const confirmed = (confirm.data ?? view.data)?.state === 'confirmed';
  useEffect(() => {
    onConfirmed(confirmed);
  }, [confirmed, onConfirmed]);

  if (view.isPending) return <Checking />;
  if (view.isError) {
    return (
      <Notice tone="error">
        {errorCode(view.error) === 'BAD_REQUEST'
          ? CONFIRMATION_MESSAGES.invalid
          : CONFIRMATION_MESSAGES.unexpected}{' '}
        <button type="button" className="prefs-link-button" onClick={() => void view.refetch()}>
          Try again
        </button>
      </Notice>
    );
  }

  const shown: ConsentConfirmationView = confirm.data ?? view.data;
  if (confirm.isError) {
    const code = errorCode(confirm.error);
    const known = code === 'NOT_FOUND' || code === 'PRECONDITION_FAILED' || code === 'TOO_MANY_REQUESTS';
    return (
      <Notice tone="error" ref={resultRef}>
        {known ? confirm.error.message : CONFIRMATION_MESSAGES.unexpected}
      </Notice>
    );
  }
  return (
    <ViewState
      view={shown}
      busy={confirm.isPending}
      onConfirm={() => confirm.mutate({ token })}
      resultRef={resultRef}
    />
  );
}

function ViewState({
  view,
  busy,
  onConfirm,
  resultRef,
}: {
  view: ConsentConfirmationView;
  busy: boolean;
  onConfirm: () => void;
  resultRef: RefObject<HTMLDivElement | null>;
}) {
  switch (view.state) {
    case 'invalid':
      return <Notice tone="error">{CONFIRMATION_MESSAGES.invalid}</Notice>;
    case 'expired':
      return <Notice tone="error">{CONFIRMATION_MESSAGES.expired}</Notice>;
    case 'nothing_pending':
      return (
        <Notice tone="success">
          {CONFIRMATION_MESSAGES.nothingPending} <a href="/unsubscribe">Manage your preferences</a>.
        </Notice>
      );
    case 'confirmed':
      return (
        <>
          <Notice tone="success" ref={resultRef}>
            {CONFIRMATION_MESSAGES.confirmed} {view.email} will receive our market updates and offers by{' '}
            {channelsPhrase(view.channels)}. Every message has a link to unsubscribe.
          </Notice>
          <nav aria-label="Where next" className="prefs-next">
            <ul>
              <li>
                <a href="/sell">Get a free valuation</a>
              </li>
              <li>
                <a href="/blog">Read our watch insights</a>
              </li>
              <li>
                <a href="/unsubscribe">Manage e-mail preferences</a>
              </li>
            </ul>
          </nav>
        </>
      );
    case 'pending':
      return (
        <section className="prefs-card" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="prefs-card-title">
            Market updates and offers by {channelsPhrase(view.channels)}
          </h2>
          <p className="prefs-card-text">
            Confirm that {view.email} may receive market updates and offers from {site.name} by{' '}
            {channelsPhrase(view.channels)}. You can unsubscribe at any time. This link works until{' '}
            {formatInstant(view.expiresAt, 'Australia/Sydney', 'longDate')}.
          </p>
          <button
            type="button"
            className="prefs-button prefs-button--primary"
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? 'Confirming…' : 'Confirm my subscription'}
          </button>
          <p className="prefs-card-note">
            Did not ask for this? Close this page: nothing is sent to you unless you confirm.
          </p>
        </section>
      );
  }
}
