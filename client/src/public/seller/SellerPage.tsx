import '../../zod-csp.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  MAX_DECLINE_REASON_LENGTH,
  MAX_SELLER_MESSAGE_LENGTH,
  SELLER_MESSAGES,
  sellerAcceptInputSchema,
  sellerMessageInputSchema,
  sellerNewLinkInputSchema,
  type SellerOfferView,
  type SellerPageView,
} from '#shared/enquiries/seller.ts';
import type { SellerNextStepView } from '#shared/appointments/schemas.ts';
import { SELLER_CERTIFICATE_PATH } from '#shared/enquiries/certificates.ts';
import { formatAud } from '#shared/money/aud.ts';
import { formatLongDay } from '#shared/time/zones.ts';
import { type ApiError, errorCode } from '../preferences/errors.ts';
import { Notice } from '../preferences/Notice.tsx';
import { MessageText } from '../../ui/MessageText.tsx';
import { NextStep } from './NextStep.tsx';
import { parcelName } from './next-step-parts.ts';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import '../preferences/preferences.css';
import './seller.css';
import { formatInstant } from '#shared/time/format.ts';

// The seller's private page (decision 059): their one enquiry, the current offer to accept or
// decline, the conversation and a message box; an unusable link offers a new one by e-mail.

/** The zone the page's times are written in, as it always has been. */
const SELLER_ZONE = 'Australia/Sydney';

/** The server's own words where they are meant for the seller; a generic line otherwise. */
function messageOf(error: ApiError): string {
  const code = errorCode(error);
  const field = error.data?.fieldErrors ? Object.values(error.data.fieldErrors).flat()[0] : undefined;
  if (code === 'BAD_REQUEST' && field) return field;
  if (code === 'CONFLICT' || code === 'NOT_FOUND' || code === 'TOO_MANY_REQUESTS') return error.message;
  return 'Something went wrong. Please try again, or call us.';
}

export function SellerPage({ token }: { token: string }) {
  const trpc = useTRPC();
  const view = useQuery(trpc.seller.get.queryOptions({ token }, { retry: false }));

  if (view.isPending)
    return (
      <main className="page prefs seller">
        <h1 className="prefs-title">Your enquiry</h1>
        <p className="prefs-loading" role="status">
          <span className="prefs-spinner" aria-hidden="true" />
          Opening your enquiry…
        </p>
      </main>
    );
  if (view.isError) {
    const code = errorCode(view.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <InvalidLink />;
    return (
      <main className="page prefs seller">
        <h1 className="prefs-title">Your enquiry</h1>
        <Notice tone="error">
          {messageOf(view.error)}{' '}
          <button type="button" className="prefs-link-button" onClick={() => void view.refetch()}>
            Try again
          </button>
        </Notice>
      </main>
    );
  }
  return <Enquiry token={token} page={view.data} />;
}

/**
 * The page as its seller sees it, for staff (decision 067): read with the member's session, no
 * token anywhere, and every control inside a disabled fieldset; the seller's actions need the
 * seller's token, which the preview never holds, so the server refuses them too.
 */
export function SellerPagePreview({
  page,
  nextStep,
}: {
  page: SellerPageView;
  nextStep: SellerNextStepView;
}) {
  return <Enquiry token={null} page={page} nextStep={nextStep} />;
}

/** The page's landmark: the admin shell has its own main, and the preview sits inside it. */
function Root({ preview, children }: { preview: boolean; children: ReactNode }) {
  if (preview) return <div className="prefs seller">{children}</div>;
  return <main className="page prefs seller">{children}</main>;
}

function Enquiry({
  token,
  page,
  nextStep,
}: {
  /** Null in the staff preview. */
  token: string | null;
  page: SellerPageView;
  nextStep?: SellerNextStepView;
}) {
  const watch = [page.watch.brand, page.watch.model].filter(Boolean).join(' ');
  return (
    <Root preview={token === null}>
      <h1 className="prefs-title">Your {watch}</h1>
      <p className="prefs-intro">
        Reference {page.reference} · sent {formatInstant(page.submittedAt, SELLER_ZONE, 'dateTime')}
      </p>
      <p className="seller-status" role="status">
        {page.statusWords}
      </p>
      <fieldset className="seller-controls" disabled={token === null}>
        {page.offer && <OfferSection token={token} offer={page.offer} declaration={page.declaration.text} />}
        {(page.status === 'accepted' || page.status === 'purchased') && (
          <NextStep token={token} preview={nextStep} parcelName={parcelName(page.offer)} />
        )}
        <section className="prefs-card" aria-labelledby="watch-heading">
          <h2 id="watch-heading" className="prefs-card-title">
            The watch you sent us
          </h2>
          <dl className="seller-facts">
            <dt>Brand</dt>
            <dd>{page.watch.brand}</dd>
            <dt>Model</dt>
            <dd>{page.watch.model ?? 'Not given'}</dd>
            <dt>Year</dt>
            <dd>{page.watch.year ?? 'Not given'}</dd>
            <dt>Condition</dt>
            <dd>{page.watch.condition}</dd>
            <dt>Original box</dt>
            <dd>{page.watch.hasBox ? 'Yes' : 'No'}</dd>
            <dt>Original papers</dt>
            <dd>{page.watch.hasPapers ? 'Yes' : 'No'}</dd>
          </dl>
          {page.photoIds.length > 0 && (
            <ul className="seller-photos" aria-label="Your photos">
              {page.photoIds.map((id, i) => (
                <li key={id}>
                  <img
                    src={
                      token === null ? `/api/uploads/${id}/thumbnail` : `/api/seller-photos/${token}/${id}`
                    }
                    alt={`Photo ${i + 1} of your watch`}
                    width={120}
                    height={120}
                    loading="lazy"
                    referrerPolicy="no-referrer"
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <Conversation token={token} page={page} />
      </fieldset>
    </Root>
  );
}

function useViewUpdate(token: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (next: SellerPageView) =>
    token === null ? undefined : queryClient.setQueryData(trpc.seller.get.queryKey({ token }), next);
}

function OfferSection({
  token,
  offer,
  declaration,
}: {
  token: string | null;
  offer: SellerOfferView;
  declaration: string;
}) {
  return (
    <section className="prefs-card seller-offer" aria-labelledby="offer-heading">
      <h2 id="offer-heading" className="prefs-card-title">
        Our offer: {formatAud(offer.amountCents)}
      </h2>
      <dl className="seller-facts">
        <dt>Valid until</dt>
        <dd>{offer.validUntil ? formatLongDay(offer.validUntil) : 'No end date'}</dd>
        {offer.conditions && (
          <>
            <dt>Conditions</dt>
            <dd className="seller-pre">{offer.conditions}</dd>
          </>
        )}
      </dl>
      {offer.response ? (
        <Notice tone="success">
          {offer.response.kind === 'accepted'
            ? `You accepted this offer on ${formatInstant(offer.response.at, SELLER_ZONE, 'dateTime')}, signed as ${offer.response.typedName ?? ''}.`
            : `You declined this offer on ${formatInstant(offer.response.at, SELLER_ZONE, 'dateTime')}.`}
          {offer.response.certificate && (
            // The certificate e-mailed with the receipt, the same stored file (decision 072).
            <>
              {' '}
              <a
                href={`${SELLER_CERTIFICATE_PATH}/${token}/${offer.response.certificate.id}`}
                download
                rel="noreferrer"
              >
                Download your certificate of acceptance (PDF)
              </a>
            </>
          )}
        </Notice>
      ) : offer.answerable ? (
        <OfferAnswer token={token} offerId={offer.id} declaration={declaration} />
      ) : (
        <p className="prefs-card-note">
          This offer can no longer be answered here. Send us a message below if you would like us to look at
          it again.
        </p>
      )}
    </section>
  );
}

function OfferAnswer({
  token,
  offerId,
  declaration,
}: {
  token: string | null;
  offerId: string;
  declaration: string;
}) {
  const trpc = useTRPC();
  const update = useViewUpdate(token);
  const nameId = useId();
  const declarationId = useId();
  const reasonId = useId();
  const [typedName, setTypedName] = useState('');
  const [declared, setDeclared] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const onError = (e: ApiError) => setError(messageOf(e));
  const accept = useMutation(trpc.seller.accept.mutationOptions({ onSuccess: update, onError }));
  const decline = useMutation(trpc.seller.decline.mutationOptions({ onSuccess: update, onError }));
  const busy = accept.isPending || decline.isPending;
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const onAccept = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token === null) return;
    const parsed = sellerAcceptInputSchema.safeParse({ token, offerId, typedName, declaration: declared });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SELLER_MESSAGES.nameRequired);
      return;
    }
    setError(null);
    accept.mutate(parsed.data);
  };
  const onDecline = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token === null) return;
    setError(null);
    decline.mutate({ token, offerId, reason });
  };

  return (
    <>
      {error && (
        <Notice tone="error" ref={errorRef}>
          {error}
        </Notice>
      )}
      <form className="seller-form" onSubmit={onAccept} noValidate>
        <h3 className="prefs-section-title">Accept the offer</h3>
        <label className="prefs-label" htmlFor={nameId}>
          Your full name
        </label>
        <input
          id={nameId}
          className="prefs-input"
          autoComplete="name"
          value={typedName}
          maxLength={200}
          onChange={(e) => setTypedName(e.target.value)}
        />
        <div className="seller-check">
          <input
            id={declarationId}
            type="checkbox"
            checked={declared}
            onChange={(e) => setDeclared(e.target.checked)}
          />
          <label htmlFor={declarationId}>{declaration}</label>
        </div>
        <button type="submit" className="prefs-button prefs-button--primary" disabled={busy}>
          {accept.isPending ? 'Accepting…' : 'Accept the offer'}
        </button>
      </form>
      <form className="seller-form" onSubmit={onDecline}>
        <h3 className="prefs-section-title">Or decline it</h3>
        <label className="prefs-label" htmlFor={reasonId}>
          Reason (optional)
        </label>
        <textarea
          id={reasonId}
          className="prefs-textarea"
          rows={2}
          maxLength={MAX_DECLINE_REASON_LENGTH}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="submit" className="prefs-button" disabled={busy}>
          {decline.isPending ? 'Declining…' : 'Decline the offer'}
        </button>
      </form>
    </>
  );
}

function Conversation({ token, page }: { token: string | null; page: SellerPageView }) {
  const trpc = useTRPC();
  const update = useViewUpdate(token);
  const boxId = useId();
  const [body, setBody] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const send = useMutation(
    trpc.seller.sendMessage.mutationOptions({
      onSuccess: (next) => {
        update(next);
        setBody('');
        setOutcome({ tone: 'success', message: SELLER_MESSAGES.messageSent });
      },
      onError: (e) => setOutcome({ tone: 'error', message: messageOf(e) }),
    }),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token === null) return;
    const parsed = sellerMessageInputSchema.safeParse({ token, body });
    if (!parsed.success) {
      setOutcome({
        tone: 'error',
        message: parsed.error.issues[0]?.message ?? SELLER_MESSAGES.messageRequired,
      });
      return;
    }
    send.mutate(parsed.data);
  };
  return (
    <section className="prefs-card" aria-labelledby="conversation-heading">
      <h2 id="conversation-heading" className="prefs-card-title">
        Our conversation
      </h2>
      {page.conversation.length === 0 ? (
        <p className="prefs-card-text">No messages yet.</p>
      ) : (
        <ol className="seller-conversation">
          {page.conversation.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className={`seller-message seller-message--${entry.kind}`}>
              <p className="seller-message-meta">
                {entry.kind === 'ours' ? site.name : 'You'} ·{' '}
                {formatInstant(entry.at, SELLER_ZONE, 'dateTime')}
              </p>
              {entry.kind === 'ours' && <p className="seller-message-subject">{entry.subject}</p>}
              <MessageText text={entry.text} paragraphClass="seller-pre seller-paragraph" />
            </li>
          ))}
        </ol>
      )}
      <form className="seller-form" onSubmit={onSubmit} noValidate>
        <label className="prefs-label" htmlFor={boxId}>
          Send us a message
        </label>
        <textarea
          id={boxId}
          className="prefs-textarea"
          rows={4}
          maxLength={MAX_SELLER_MESSAGE_LENGTH}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        {outcome && <Notice tone={outcome.tone}>{outcome.message}</Notice>}
        <button type="submit" className="prefs-button prefs-button--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </section>
  );
}

/** An expired, revoked or unknown link: one message, and a new link by e-mail for any address. */
function InvalidLink() {
  const trpc = useTRPC();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const request = useMutation(
    trpc.seller.requestLink.mutationOptions({
      onSuccess: (answer) => setOutcome({ tone: 'success', message: answer.message }),
      onError: (e) => setOutcome({ tone: 'error', message: messageOf(e) }),
    }),
  );
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = sellerNewLinkInputSchema.safeParse({ email });
    if (!parsed.success) {
      setOutcome({ tone: 'error', message: parsed.error.issues[0]?.message ?? 'Enter your e-mail address.' });
      return;
    }
    request.mutate(parsed.data);
  };
  return (
    <main className="page prefs seller">
      <h1 className="prefs-title">Your enquiry</h1>
      <Notice tone="error">{SELLER_MESSAGES.linkInvalid}</Notice>
      <section className="prefs-card" aria-labelledby="new-link-heading">
        <h2 id="new-link-heading" className="prefs-card-title">
          Send me a new link
        </h2>
        <p className="prefs-card-text">
          Enter the e-mail address you sent your watch details from, and we will e-mail you a new link.
        </p>
        <form className="seller-form" onSubmit={onSubmit} noValidate>
          <label className="prefs-label" htmlFor={emailId}>
            E-mail address
          </label>
          <input
            id={emailId}
            type="email"
            className="prefs-input"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {outcome && (
            <Notice tone={outcome.tone} ref={outcomeRef}>
              {outcome.message}
            </Notice>
          )}
          <button type="submit" className="prefs-button prefs-button--primary" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send me a new link'}
          </button>
        </form>
      </section>
    </main>
  );
}
