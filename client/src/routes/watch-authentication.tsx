import { createFileRoute } from '@tanstack/react-router';
import { loadPageData } from '../page-data.ts';
import { AuthenticationPage } from '../public/pages/AuthenticationPage.tsx';
import { seoHead } from '../seo.ts';

export const Route = createFileRoute('/watch-authentication')({
  loader: () => loadPageData('authentication', '/watch-authentication'),
  staleTime: Infinity,
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: function WatchAuthenticationRoute() {
    return <AuthenticationPage data={Route.useLoaderData()} />;
  },
});
