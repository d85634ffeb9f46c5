import { createFileRoute } from '@tanstack/react-router';
import { loadPageData } from '../page-data.ts';
import { HomePage } from '../public/pages/HomePage.tsx';
import { seoHead } from '../seo.ts';

export const Route = createFileRoute('/')({
  loader: () => loadPageData('home', '/'),
  staleTime: Infinity,
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: function HomeRoute() {
    return <HomePage data={Route.useLoaderData()} />;
  },
});
