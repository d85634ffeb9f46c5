import { useId } from 'react';

interface ChannelCardProps {
  title: string;
  description: string;
  subscribed: boolean;
  /** Opted out before: the status reads Unsubscribed and the action Resubscribe; otherwise the
   * contact never subscribed, and the card says so and offers Subscribe. */
  optedOut: boolean;
  unsubscribeLabel: string;
  resubscribeLabel: string;
  subscribeLabel: string;
  /** Why the channel cannot be turned back on; replaces the resubscribe button. */
  blockedNote: string | null;
  pending: boolean;
  disabled: boolean;
  onUnsubscribe: () => void;
  onResubscribe: () => void;
}

/** One marketing channel: its status and the one action that changes it. */
export function ChannelCard(props: ChannelCardProps) {
  const headingId = useId();
  const { subscribed, optedOut } = props;
  const status = subscribed ? 'Subscribed' : optedOut ? 'Unsubscribed' : 'Not subscribed';
  return (
    <section className="prefs-card" aria-labelledby={headingId}>
      <div className="prefs-card-header">
        <h2 id={headingId} className="prefs-card-title">
          {props.title}
        </h2>
        <span className={`prefs-status prefs-status--${subscribed ? 'on' : 'off'}`}>{status}</span>
      </div>
      <p className="prefs-card-text">{props.description}</p>
      {subscribed ? (
        <button
          type="button"
          className="prefs-button"
          disabled={props.disabled}
          onClick={props.onUnsubscribe}
        >
          {props.pending ? 'Updating…' : props.unsubscribeLabel}
        </button>
      ) : props.blockedNote ? (
        <p className="prefs-card-note">{props.blockedNote}</p>
      ) : (
        <button
          type="button"
          className="prefs-button prefs-button--primary"
          disabled={props.disabled}
          onClick={props.onResubscribe}
        >
          {props.pending ? 'Updating…' : optedOut ? props.resubscribeLabel : props.subscribeLabel}
        </button>
      )}
    </section>
  );
}
