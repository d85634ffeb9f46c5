import { createFileRoute } from '@tanstack/react-router';
import { SettingsSection } from '../../../admin/settings/SettingsSection.tsx';
import { TeamPage } from '../../../admin/team/TeamPage.tsx';

export const Route = createFileRoute('/admin/_guarded/team')({
  component: () => (
    <SettingsSection>
      <TeamPage />
    </SettingsSection>
  ),
});
