import { createFileRoute } from '@tanstack/react-router';
import { loadPageData } from '../page-data.ts';
import { LegalPage } from '../public/pages/LegalPage.tsx';
import { seoHead } from '../seo.ts';

export const Route = createFileRoute('/terms')({
  loader: () => loadPageData('legal', '/terms'),
  staleTime: Infinity,
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: function TermsRoute() {
    return <LegalPage data={Route.useLoaderData()} />;
  },
});
