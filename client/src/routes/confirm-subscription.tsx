import { createFileRoute } from '@tanstack/react-router';
import { CONSENT_CONFIRMATION_PATH } from '#shared/content/routes.ts';
import { standalonePageSeo } from '#shared/content/pages/seo.ts';
import { readText } from '#shared/url-search.ts';
import { ConfirmSubscriptionPage } from '../public/consent/ConfirmSubscriptionPage.tsx';
import { seoHead } from '../seo.ts';
import { site } from '../site.ts';

export const Route = createFileRoute('/confirm-subscription')({
  validateSearch: (search: Record<string, unknown>) => ({ token: readText(search.token, 512)?.trim() }),
  // A personal page reached through a signed link: kept (with its token) out of search engines.
  head: () =>
    seoHead(
      standalonePageSeo(site, {
        title: `Confirm your subscription | ${site.name}`,
        description: `Confirm that you would like market updates and offers from ${site.name}.`,
        path: CONSENT_CONFIRMATION_PATH,
        noindex: true,
      }),
    ),
  component: ConfirmSubscriptionRoute,
});

function ConfirmSubscriptionRoute() {
  const { token } = Route.useSearch();
  return <ConfirmSubscriptionPage key={token ?? ''} token={token || null} />;
}
