import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  MAX_UNSUBSCRIBE_REASON,
  PREFERENCES_MESSAGES,
  type PreferenceAction,
  type PreferencesView,
} from '#shared/preferences/schemas.ts';
import { useTRPC } from '../../trpc.ts';
import { ChannelCard } from './ChannelCard.tsx';
import { updateErrorMessage } from './errors.ts';
import { Notice } from './Notice.tsx';

interface PreferencesPanelProps {
  token: string;
  preferences: PreferencesView;
}

type Outcome = { tone: 'success'; message: string } | { tone: 'error'; message: string };

export function PreferencesPanel({ token, preferences }: PreferencesPanelProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Counts results so that focus moves to every new one, even when the text repeats.
  const [outcomeSerial, setOutcomeSerial] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const reasonId = useId();

  const update = useMutation(
    trpc.preferences.update.mutationOptions({
      onSuccess: async () => {
        // The spec's flow: every action reloads the preferences, then confirms.
        await queryClient.invalidateQueries({ queryKey: trpc.preferences.get.queryKey({ token }) });
        setReason('');
        setOutcome({ tone: 'success', message: PREFERENCES_MESSAGES.updated });
        setOutcomeSerial((n) => n + 1);
      },
      onError: (error) => {
        setOutcome({ tone: 'error', message: updateErrorMessage(error) });
        setOutcomeSerial((n) => n + 1);
      },
    }),
  );

  useEffect(() => {
    // The button just pressed may have disappeared (e.g. "Unsubscribe from All"): keep focus on the result.
    if (outcomeSerial > 0) noticeRef.current?.focus();
  }, [outcomeSerial]);

  const run = (action: PreferenceAction) => {
    if (update.isPending) return;
    setOutcome(null);
    const unsubscribing = action === 'email' || action === 'sms' || action === 'both';
    update.mutate({ token, action, reason: unsubscribing && reason.trim() ? reason.trim() : undefined });
  };

  const pendingAction = update.isPending ? update.variables.action : null;
  const eitherSubscribed = preferences.emailSubscribed || preferences.smsSubscribed;

  return (
    <div className="prefs-panel" aria-busy={update.isPending}>
      <p className="prefs-intro">
        Choose what marketing you receive at <strong>{preferences.email}</strong>. Messages about a valuation
        or sale you have started are not affected.
      </p>

      <div aria-live="polite" aria-atomic="true">
        {outcome && (
          <Notice tone={outcome.tone} ref={noticeRef}>
            {outcome.message}
          </Notice>
        )}
      </div>

      <div className="prefs-cards">
        <ChannelCard
          title="Email Marketing"
          description="Market updates, valuation offers and news by e-mail."
          subscribed={preferences.emailSubscribed}
          optedOut={preferences.emailOptedOut}
          unsubscribeLabel="Unsubscribe from Email"
          resubscribeLabel="Resubscribe to Email"
          subscribeLabel="Subscribe to Email"
          blockedNote={
            preferences.emailSuppressed && !preferences.emailSubscribed
              ? 'E-mail marketing cannot be turned back on here because earlier e-mails to this address bounced or were reported as spam. Please contact us if you would like to receive them again.'
              : null
          }
          pending={pendingAction === 'email' || pendingAction === 'resubscribe_email'}
          disabled={update.isPending}
          onUnsubscribe={() => run('email')}
          onResubscribe={() => run('resubscribe_email')}
        />
        <ChannelCard
          title="SMS Marketing"
          description="Occasional offers and reminders by text message."
          subscribed={preferences.smsSubscribed}
          optedOut={preferences.smsOptedOut}
          unsubscribeLabel="Unsubscribe from SMS"
          resubscribeLabel="Resubscribe to SMS"
          subscribeLabel="Subscribe to SMS"
          blockedNote={null}
          pending={pendingAction === 'sms' || pendingAction === 'resubscribe_sms'}
          disabled={update.isPending}
          onUnsubscribe={() => run('sms')}
          onResubscribe={() => run('resubscribe_sms')}
        />
      </div>

      {eitherSubscribed && (
        <div className="prefs-all">
          <label className="prefs-label" htmlFor={reasonId}>
            Reason for unsubscribing (optional)
          </label>
          <textarea
            id={reasonId}
            className="prefs-textarea"
            value={reason}
            maxLength={MAX_UNSUBSCRIBE_REASON}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={`${reasonId}-hint`}
          />
          <p id={`${reasonId}-hint`} className="prefs-hint">
            {reason.length}/{MAX_UNSUBSCRIBE_REASON} characters. Sent with any unsubscribe you choose.
          </p>
          <button
            type="button"
            className="prefs-button prefs-button--danger"
            disabled={update.isPending}
            onClick={() => run('both')}
          >
            {pendingAction === 'both' ? 'Updating…' : 'Unsubscribe from All Communications'}
          </button>
        </div>
      )}
    </div>
  );
}
