import { createFileRoute } from '@tanstack/react-router';
import { Permitted } from '../../../admin/widgets/Permitted.tsx';
import { SettingsSection } from '../../../admin/settings/SettingsSection.tsx';
import { SettingsPage } from '../../../admin/settings/SettingsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/settings')({
  component: () => (
    <SettingsSection>
      <Permitted permission="settings.write">
        <SettingsPage />
      </Permitted>
    </SettingsSection>
  ),
});
