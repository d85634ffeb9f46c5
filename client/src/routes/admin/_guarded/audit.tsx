import { createFileRoute } from '@tanstack/react-router';
import { SettingsSection } from '../../../settings/SettingsSection.tsx';
import { AuditLogPage } from '../../../audit/AuditLogPage.tsx';

export const Route = createFileRoute('/admin/_guarded/audit')({
  component: () => (
    <SettingsSection>
      <AuditLogPage />
    </SettingsSection>
  ),
});
