import { createFileRoute } from '@tanstack/react-router';
import { Permitted } from '../../../../admin/widgets/Permitted.tsx';
import { readUuid } from '#shared/url-search.ts';
import { ImportPage } from '../../../../admin/contacts/ImportPage.tsx';

/** ?id=<import>: a reload keeps the import being mapped or watched. */
export const Route = createFileRoute('/admin/_guarded/contacts/import')({
  validateSearch: (raw: Record<string, unknown>): { id?: string | undefined } => ({ id: readUuid(raw.id) }),
  component: ImportRoute,
});

function ImportRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Permitted permission="contacts.write">
      <ImportPage importId={id} onImportChange={(next) => void navigate({ search: { id: next } })} />
    </Permitted>
  );
}
