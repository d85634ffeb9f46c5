import { Alert } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { canOpenAdminPath } from '#shared/auth/admin-routes.ts';
import { useMe } from '../auth/session.ts';
import { ROLE_REFUSED_MESSAGE } from '../widgets/Permitted.tsx';
import { ADMIN_TITLE } from './AdminShell.tsx';

/**
 * The route-level half of decision 027: the page the router is showing is looked up in the one
 * table (shared/auth/admin-routes.ts) and, when the member's role may not open it, the refusal
 * is rendered instead of the page, so the page never mounts and sends no query. (It used to
 * mount, ask, and show its skeleton through the query's retries: 6–15 s before the message.)
 * The /admin index is let through: it only forwards to the role's home.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const role = useMe().data?.role ?? null;
  const fullPath = useRouterState({ select: (s) => s.matches.at(-1)?.fullPath ?? '' });
  const path = fullPath.replace(/\/+$/, '');
  if (path === '/admin' || canOpenAdminPath(role, path)) return children;
  return <Refused />;
}

function Refused() {
  useDocumentTitle(`Not allowed | ${ADMIN_TITLE}`);
  return (
    <Alert color="red" role="alert" data-testid="role-refused">
      {ROLE_REFUSED_MESSAGE}
    </Alert>
  );
}
