import { createFileRoute } from '@tanstack/react-router';
import { loadPageData } from '../page-data.ts';
import { CityPage } from '../public/pages/CityPage.tsx';
import { NotFoundPage } from '../public/pages/NotFoundPage.tsx';
import { notFoundHead, seoHead } from '../seo.ts';
import { site } from '../site.ts';

export const Route = createFileRoute('/sell-watch-{$city}')({
  loader: ({ params }) => loadPageData('city', `/sell-watch-${params.city}`),
  staleTime: Infinity,
  head: ({ loaderData }) =>
    loaderData ? seoHead(loaderData.seo) : notFoundHead(`Page Not Found | ${site.name}`),
  component: function CityRoute() {
    return <CityPage data={Route.useLoaderData()} />;
  },
  notFoundComponent: NotFoundPage,
});
