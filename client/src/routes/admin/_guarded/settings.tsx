import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../settings/SettingsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/settings')({
  component: SettingsPage,
});
