import { createFileRoute, Navigate } from '@tanstack/react-router';
import { ROLE_HOMES } from '#shared/auth/admin-routes.ts';
import { useMe } from '../../../admin/auth/session.ts';

// /admin forwards to the member's home (decision 027): the dashboard for the Owner and the
// Viewer, Campaigns for the Marketer, Enquiries for the Buyer. The guard above has the role.
export const Route = createFileRoute('/admin/_guarded/')({
  component: AdminHome,
});

function AdminHome() {
  const role = useMe().data?.role;
  return role ? <Navigate to={ROLE_HOMES[role]} replace /> : null;
}
