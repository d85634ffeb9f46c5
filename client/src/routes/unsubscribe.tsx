import { createFileRoute } from '@tanstack/react-router';
import { PreferencesPage } from '../public/preferences/PreferencesPage.tsx';
import { site } from '../site.ts';

import { standalonePageSeo } from '#shared/content/pages/seo.ts';
import { readText } from '#shared/url-search.ts';
import { seoHead } from '../seo.ts';

// Anything unusable in the link becomes "absent" rather than an error page.
function searchText(value: unknown): string | undefined {
  return readText(value, 512)?.trim();
}

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>) => ({
    token: searchText(search.token),
    email: searchText(search.email),
    // The re-permission e-mail's "keep me subscribed" link, STILL_SUBSCRIBED_PARAM (decision 089);
    // named here, not imported, so this route loads no schema module before zod's CSP setting.
    // Absent unless set: a `keep=false` default would be written into every /unsubscribe URL.
    keep: search.keep === 1 || search.keep === '1' ? (true as const) : undefined,
  }),
  // A personal page reached through a signed link: shareable metadata, but kept (with its tokens)
  // out of search engines.
  head: () =>
    seoHead(
      standalonePageSeo(site, {
        title: `Marketing Preferences | ${site.name}`,
        description: `Manage the marketing e-mails and SMS you receive from ${site.name}.`,
        path: '/unsubscribe',
        noindex: true,
      }),
    ),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token, email, keep } = Route.useSearch();
  // Keyed so that opening another link starts from a clean state.
  return (
    <PreferencesPage
      key={`${token ?? ''}|${email ?? ''}`}
      token={token || null}
      email={email || null}
      keep={keep === true}
    />
  );
}
