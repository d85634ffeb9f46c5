import { createFileRoute } from '@tanstack/react-router';
import { PreferencesPage } from '../preferences/PreferencesPage.tsx';
import { site } from '../site.ts';

import { readText } from '#shared/url-search.ts';

// Anything unusable in the link becomes "absent" rather than an error page.
function searchText(value: unknown): string | undefined {
  return readText(value, 512)?.trim();
}

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>) => ({
    token: searchText(search.token),
    email: searchText(search.email),
  }),
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
