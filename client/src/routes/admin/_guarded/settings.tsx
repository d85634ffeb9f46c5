import { createFileRoute } from '@tanstack/react-router';
import { SettingsSection } from '../../../admin/settings/SettingsSection.tsx';
import { SettingsPage } from '../../../admin/settings/SettingsPage.tsx';

// settings.write, checked by the role gate from the route table (decision 027).
export const Route = createFileRoute('/admin/_guarded/settings')({
  component: () => (
    <SettingsSection>
      <SettingsPage />
    </SettingsSection>
  ),
});
