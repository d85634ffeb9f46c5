import { createFileRoute } from '@tanstack/react-router';
import { SettingsSection } from '../../../settings/SettingsSection.tsx';
import { SettingsPage } from '../../../settings/SettingsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/settings')({
  component: () => (
    <SettingsSection>
      <SettingsPage />
    </SettingsSection>
  ),
});
