import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../../team/TeamPage.tsx';

export const Route = createFileRoute('/admin/_guarded/team')({
  component: TeamPage,
});
