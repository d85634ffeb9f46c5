import { createFileRoute, redirect } from '@tanstack/react-router';

// /admin shows the dashboard (spec route list); one canonical URL for it.
export const Route = createFileRoute('/admin/_guarded/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
