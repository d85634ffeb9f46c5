import { createFileRoute } from '@tanstack/react-router';
import { DomainHealthPage } from '../../../admin/settings/DomainHealthPage.tsx';
import { SettingsSection } from '../../../admin/settings/SettingsSection.tsx';

// settings.write, checked by the role gate from the route table (decision 027).
export const Route = createFileRoute('/admin/_guarded/settings_/domain')({
  component: () => (
    <SettingsSection>
      <DomainHealthPage />
    </SettingsSection>
  ),
});
