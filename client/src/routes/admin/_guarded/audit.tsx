import { createFileRoute } from '@tanstack/react-router';
import { parseAuditSearch } from '#shared/admin/search-params.ts';
import { SettingsSection } from '../../../admin/settings/SettingsSection.tsx';
import { AuditLogPage } from '../../../admin/audit/AuditLogPage.tsx';

export const Route = createFileRoute('/admin/_guarded/audit')({
  validateSearch: parseAuditSearch,
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SettingsSection>
      <AuditLogPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    </SettingsSection>
  );
}
