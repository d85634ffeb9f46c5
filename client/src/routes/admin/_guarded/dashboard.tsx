import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../admin/dashboard/DashboardPage.tsx';

export const Route = createFileRoute('/admin/_guarded/dashboard')({
  component: DashboardPage,
});
