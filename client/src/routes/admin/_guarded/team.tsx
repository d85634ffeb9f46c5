import { createFileRoute } from '@tanstack/react-router';
import { SettingsSection } from '../../../settings/SettingsSection.tsx';
import { TeamPage } from '../../../team/TeamPage.tsx';

export const Route = createFileRoute('/admin/_guarded/team')({
  component: () => (
    <SettingsSection>
      <TeamPage />
    </SettingsSection>
  ),
});
