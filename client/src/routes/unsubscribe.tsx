import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PreferencesPage } from '../preferences/PreferencesPage.tsx';
import { site } from '../site.ts';

// The router parses query values as JSON, so a digits-only value arrives as a number; anything
// unusable becomes "absent" rather than an error page.
const searchText = z
  .preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string().trim().max(512).optional(),
  )
  .catch(undefined);

const searchSchema = z.object({ token: searchText, email: searchText });

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: searchSchema,
  head: () => ({
    meta: [
      { title: `Marketing Preferences | ${site.name}` },
      { name: 'description', content: `Manage the marketing e-mails and SMS you receive from ${site.name}.` },
      // A personal page reached through a signed link: keep it (and its tokens) out of search engines.
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token, email } = Route.useSearch();
  // Keyed so that opening another link starts from a clean state.
  return (
    <PreferencesPage key={`${token ?? ''}|${email ?? ''}`} token={token || null} email={email || null} />
  );
}
