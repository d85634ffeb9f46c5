import { Alert, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { adminRouteFor, canOpenAdminPath, ROLE_HOMES } from '#shared/auth/admin-routes.ts';
import { ROLE_LABELS, type Role } from '#shared/auth/permissions.ts';
import { useMe } from '../auth/session.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { ROLE_REFUSED_MESSAGE } from '../widgets/Permitted.tsx';
import { ADMIN_TITLE } from './AdminShell.tsx';
import { ADMIN_PAGE_NAMES } from './page-names.ts';

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
  return <Refused path={path} role={role} />;
}

/**
 * A page of its own rather than a bare sentence (decision 091): which page, which role, and the
 * way on to the role's home page.
 */
export function Refused({ path, role }: { path: string; role: Role | null }) {
  const route = adminRouteFor(path);
  const pageName = route ? ADMIN_PAGE_NAMES[route] : 'This page';
  useDocumentTitle(`Not allowed | ${ADMIN_TITLE}`);
  const home = role ? ROLE_HOMES[role] : null;
  return (
    <Stack gap="md" maw={640} data-testid="role-refused">
      <Title order={1}>
        {pageName}: not open to {role ? `the ${ROLE_LABELS[role]} role` : 'your role'}
      </Title>
      <Alert color="red" role="alert">
        {ROLE_REFUSED_MESSAGE}
      </Alert>
      {role && (
        <Text>You are signed in as {ROLE_LABELS[role]}. An Owner can change your role on the Team page.</Text>
      )}
      {home && home !== route && (
        <AnchorLink to={home} fw={600}>
          Go to {ADMIN_PAGE_NAMES[home]}
        </AnchorLink>
      )}
    </Stack>
  );
}
