import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminProviders } from '../../admin/shell/AdminProviders.tsx';

export const Route = createFileRoute('/admin')({
  component: AdminRoot,
});

function AdminRoot() {
  return (
    <AdminProviders>
      <Outlet />
    </AdminProviders>
  );
}
