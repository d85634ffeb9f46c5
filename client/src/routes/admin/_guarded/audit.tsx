import { createFileRoute } from '@tanstack/react-router';
import { SettingsSection } from '../../../admin/settings/SettingsSection.tsx';
import { AuditLogPage } from '../../../admin/audit/AuditLogPage.tsx';

export const Route = createFileRoute('/admin/_guarded/audit')({
  component: () => (
    <SettingsSection>
      <AuditLogPage />
    </SettingsSection>
  ),
});
