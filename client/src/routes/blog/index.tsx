import { createFileRoute } from '@tanstack/react-router';
import { loadPageData } from '../../page-data.ts';
import { BlogIndexPage } from '../../public/pages/BlogIndexPage.tsx';
import { seoHead } from '../../seo.ts';

export const Route = createFileRoute('/blog/')({
  loader: () => loadPageData('blog', '/blog'),
  staleTime: Infinity,
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: function BlogRoute() {
    return <BlogIndexPage data={Route.useLoaderData()} />;
  },
});
