import { createFileRoute } from '@tanstack/react-router';
import { parseOutboxSearch } from '#shared/outbox/schemas.ts';
import { OutboxPage } from '../../../admin/outbox/OutboxPage.tsx';

export const Route = createFileRoute('/admin/_guarded/outbox')({
  validateSearch: parseOutboxSearch,
  component: OutboxRoute,
});

function OutboxRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OutboxPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
