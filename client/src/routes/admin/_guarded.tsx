import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminGuard } from '../../admin/shell/AdminGuard.tsx';
import { AdminShell } from '../../admin/shell/AdminShell.tsx';
import { RoleGate } from '../../admin/shell/RoleGate.tsx';

// Pathless layout: every admin page except /admin/login and /admin/unauthorized renders inside
// it, so none can be reached without passing the guard. The guard is a component (not
// beforeLoad) because it re-decides whenever the `auth.me` query changes; the role gate then
// refuses a page the member's role may not open before it mounts (decision 027).
export const Route = createFileRoute('/admin/_guarded')({
  component: GuardedLayout,
});

function GuardedLayout() {
  return (
    <AdminGuard>
      {(user) => (
        <AdminShell email={user.email}>
          <RoleGate>
            <Outlet />
          </RoleGate>
        </AdminShell>
      )}
    </AdminGuard>
  );
}
