import { createFileRoute, notFound } from '@tanstack/react-router';
import { isArticleSlug } from '#shared/content/routes.ts';
import { loadPageData } from '../../page-data.ts';
import { ArticleNotFound } from '../../public/pages/ArticleNotFound.tsx';
import { ArticlePage } from '../../public/pages/ArticlePage.tsx';
import { notFoundHead, seoHead } from '../../seo.ts';
import { site } from '../../site.ts';

export const Route = createFileRoute('/blog/$slug')({
  loader: ({ params }) => {
    // Unknown slugs need no request: the list of slugs is small enough to ship.
    if (!isArticleSlug(params.slug)) throw notFound();
    return loadPageData('article', `/blog/${params.slug}`);
  },
  staleTime: Infinity,
  head: ({ loaderData }) =>
    loaderData ? seoHead(loaderData.seo) : notFoundHead(`Article Not Found | ${site.name} Blog`),
  component: function ArticleRoute() {
    return <ArticlePage data={Route.useLoaderData()} />;
  },
  notFoundComponent: ArticleNotFound,
});
