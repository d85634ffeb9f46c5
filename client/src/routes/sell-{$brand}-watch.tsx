import { createFileRoute } from '@tanstack/react-router';
import { loadPageData } from '../page-data.ts';
import { BrandPage } from '../public/pages/BrandPage.tsx';
import { NotFoundPage } from '../public/pages/NotFoundPage.tsx';
import { notFoundHead, seoHead } from '../seo.ts';
import { site } from '../site.ts';

export const Route = createFileRoute('/sell-{$brand}-watch')({
  loader: ({ params }) => loadPageData('brand', `/sell-${params.brand}-watch`),
  staleTime: Infinity,
  head: ({ loaderData }) =>
    loaderData ? seoHead(loaderData.seo) : notFoundHead(`Page Not Found | ${site.name}`),
  component: function BrandRoute() {
    return <BrandPage data={Route.useLoaderData()} />;
  },
  notFoundComponent: NotFoundPage,
});
