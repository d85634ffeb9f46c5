import { createFileRoute } from '@tanstack/react-router';
import { readUuid } from '#shared/url-search.ts';
import { ImportPage } from '#client/src/admin/contacts/ImportPage.tsx';

/**
 * ?id=<import>: a reload keeps the import being mapped or watched. contacts.import, checked by the
 * role gate from the route table (decision 027).
 */
export const Route = createFileRoute('/admin/_guarded/contacts/import')({
  validateSearch: (raw: Record<string, unknown>): { id?: string | undefined } => ({ id: readUuid(raw.id) }),
  component: ImportRoute,
});

function ImportRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ImportPage importId={id} onImportChange={(next) => void navigate({ search: { id: next } })} />;
}
