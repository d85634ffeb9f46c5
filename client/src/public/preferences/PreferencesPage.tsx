import '../../zod-csp.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PREFERENCES_MESSAGES } from '#shared/preferences/schemas.ts';
import { useTRPC } from '../../trpc.ts';
import { EmailLookup } from './EmailLookup.tsx';
import { isLinkNotFound } from './errors.ts';
import { Notice } from './Notice.tsx';
import { PreferencesPanel } from './PreferencesPanel.tsx';
import { StillSubscribed } from './StillSubscribed.tsx';
import './preferences.css';

interface PreferencesPageProps {
  token: string | null;
  email: string | null;
  /** Opened from the re-permission e-mail: ask "keep me subscribed?" first (decision 089). */
  keep?: boolean;
}

/** The /unsubscribe page: preferences through a signed link, or the e-mail look-up without one. */
export function PreferencesPage({ token, email, keep = false }: PreferencesPageProps) {
  return (
    <main className="page prefs">
      <h1 className="prefs-title">Marketing Preferences</h1>
      {token ? (
        <TokenPreferences token={token} initialEmail={email ?? ''} keep={keep} />
      ) : (
        // No link at all is a visitor who came to manage their preferences: the look-up is the page.
        <EmailLookup initialEmail={email ?? ''} />
      )}
    </main>
  );
}

function TokenPreferences({
  token,
  initialEmail,
  keep,
}: {
  token: string;
  initialEmail: string;
  keep: boolean;
}) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.preferences.get.queryOptions(
      { token },
      {
        // A bad link stays bad; only transient failures are worth another try.
        retry: (failureCount, error) => !isLinkNotFound(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    ),
  );

  if (query.isPending) {
    return (
      <p className="prefs-loading" role="status">
        <span className="prefs-spinner" aria-hidden="true" />
        Loading your preferences…
      </p>
    );
  }

  if (query.isError) {
    if (isLinkNotFound(query.error)) return <BadLink initialEmail={initialEmail} />;
    return (
      <Notice tone="error">
        {PREFERENCES_MESSAGES.unexpected}{' '}
        <button type="button" className="prefs-link-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </Notice>
    );
  }

  return (
    <>
      {keep && query.data.emailSubscribed && <StillSubscribed token={token} />}
      <PreferencesPanel token={token} preferences={query.data} />
    </>
  );
}

/** A link that does not work: say so once, and offer the look-up; a look-up that works clears it. */
function BadLink({ initialEmail }: { initialEmail: string }) {
  const [resolved, setResolved] = useState(false);
  return (
    <>
      {!resolved && (
        <Notice tone="error">
          {PREFERENCES_MESSAGES.invalidLink} {PREFERENCES_MESSAGES.linkNotFound}
        </Notice>
      )}
      <EmailLookup initialEmail={initialEmail} onSuccess={() => setResolved(true)} />
    </>
  );
}
