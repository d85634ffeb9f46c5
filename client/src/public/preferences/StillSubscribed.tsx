import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PREFERENCES_MESSAGES } from '#shared/preferences/schemas.ts';
import { useTRPC } from '../../trpc.ts';
import { updateErrorMessage } from './errors.ts';
import { Notice } from './Notice.tsx';

/**
 * The re-permission e-mail's question (decision 089), above the preferences: opening the link
 * changes nothing (a mail scanner follows links); the button records the contact's "yes", which
 * brings them back into campaigns.
 */
export function StillSubscribed({ token }: { token: string }) {
  const trpc = useTRPC();
  const answer = useMutation(trpc.preferences.stillSubscribed.mutationOptions());
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer.isSuccess || answer.isError) resultRef.current?.focus();
  }, [answer.isSuccess, answer.isError]);

  if (answer.isSuccess)
    return (
      <Notice tone="success" ref={resultRef}>
        {PREFERENCES_MESSAGES.stillSubscribedThanks}
      </Notice>
    );
  return (
    <div className="prefs-all" data-testid="still-subscribed">
      <p className="prefs-intro">{PREFERENCES_MESSAGES.stillSubscribedAsk}</p>
      {answer.isError && (
        <Notice tone="error" ref={resultRef}>
          {updateErrorMessage(answer.error)}
        </Notice>
      )}
      <button
        type="button"
        className="prefs-button"
        disabled={answer.isPending}
        onClick={() => answer.mutate({ token })}
      >
        {answer.isPending ? 'Updating…' : PREFERENCES_MESSAGES.stillSubscribedButton}
      </button>
    </div>
  );
}
