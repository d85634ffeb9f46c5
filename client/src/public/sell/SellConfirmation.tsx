import { useEffect, useRef } from 'react';
import { SUBMISSION_SUCCESS_MESSAGE } from '#shared/leads/schema.ts';
import { phoneHref } from '#shared/site/phone.ts';
import { site } from '../../site.ts';

export interface SubmittedEnquiry {
  reference: string;
  firstName: string;
  email: string;
  /** A ticked marketing box waits for the seller to confirm it through the e-mailed link. */
  confirmationRequested: boolean;
}

/**
 * What the seller sees once the enquiry is in: it stays until they choose to value another watch,
 * says what happens next and when, and gives the reference and the number to call.
 */
export function SellConfirmation({
  enquiry,
  onAnother,
}: {
  enquiry: SubmittedEnquiry;
  onAnother: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="sell-confirmation" aria-labelledby="sell-confirmation-heading">
      <h2 id="sell-confirmation-heading" className="sell-step-heading" tabIndex={-1} ref={headingRef}>
        {/* Thanks, then the spec's success line says the rest once (decision 095). */}
        {enquiry.firstName ? `Thank you, ${enquiry.firstName}.` : 'Thank you.'}
      </h2>
      <p role="status" className="sell-confirmation__status">
        {SUBMISSION_SUCCESS_MESSAGE}
      </p>
      <p className="sell-confirmation__reference">
        Your reference: <strong>{enquiry.reference}</strong>
      </p>
      <p>
        We have sent a confirmation to <strong>{enquiry.email}</strong>. Quote your reference if you call or
        reply.
      </p>
      {enquiry.confirmationRequested && (
        <p className="sell-confirmation__consent">
          You asked for our market updates: the e-mail includes a link to confirm your subscription. Until you
          confirm, we will not send you any marketing.
        </p>
      )}
      <h3>What happens next</h3>
      <ol className="sell-next">
        <li>Our specialists review your details and photos.</li>
        <li>We contact you within {site.claims.responseHours} hours with a preliminary quote.</li>
        <li>Your watch is authenticated by certified watchmakers; you are paid by bank transfer.</li>
      </ol>
      <p>
        Questions in the meantime? Call us on <a href={phoneHref(site.phone)}>{site.phone}</a>.
      </p>
      <div className="sell-actions">
        <button type="button" className="sell-button sell-button--secondary" onClick={onAnother}>
          Value another watch
        </button>
      </div>
    </section>
  );
}
