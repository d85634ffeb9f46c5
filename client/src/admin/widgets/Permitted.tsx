import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Permission } from '#shared/auth/permissions.ts';
import { useCan } from '../auth/session.ts';

/** The server's words for a refused action (server/trpc/trpc.ts), so both sides say the same. */
export const ROLE_REFUSED_MESSAGE = 'Your role does not allow this.';

/**
 * A page that changes something, opened by URL by a member whose role may not (decision 027): the
 * form is not shown, rather than shown and refused at Save. The server refuses it anyway.
 */
export function Permitted({ permission, children }: { permission: Permission; children: ReactNode }) {
  const can = useCan();
  if (!can(permission)) return <Alert color="red">{ROLE_REFUSED_MESSAGE}</Alert>;
  return children;
}
