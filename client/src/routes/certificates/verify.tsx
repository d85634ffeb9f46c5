import { createFileRoute } from '@tanstack/react-router';
import { standalonePageSeo } from '#shared/content/pages/seo.ts';
import { CERTIFICATE_VERIFY_PATH } from '#shared/content/routes.ts';
import { VerifyCertificatePage } from '../../public/certificates/VerifyCertificatePage.tsx';
import { seoHead } from '../../seo.ts';
import { site } from '../../site.ts';

// The public check of a certificate of acceptance (decision 072): prerendered like every public
// page (decision 010), the file hashed in the browser. Nothing here imports a zod schema: the
// route tree is in the entry chunk, which runs before zod is told not to compile (zod-csp.ts).
export const Route = createFileRoute('/certificates/verify')({
  head: () =>
    seoHead(
      standalonePageSeo(site, {
        title: `Check a certificate of acceptance | ${site.name}`,
        description: `Check that a certificate of acceptance from ${site.name} matches our record, without uploading the file.`,
        path: CERTIFICATE_VERIFY_PATH,
      }),
    ),
  component: VerifyCertificatePage,
});
