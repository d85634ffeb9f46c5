import { z } from 'zod';
import { type Role, roleSchema } from '../auth/permissions.ts';

/** Admin → Team (issue 23, decision 027): one schema per `admin.team.*` input. */

export const TEAM_MESSAGES = {
  lastOwner: 'The team needs at least one Owner: make someone else Owner first.',
  notFound: 'That member is no longer on the team.',
} as const;

export const teamMemberInputSchema = z.object({ id: z.uuid(TEAM_MESSAGES.notFound) });
export const teamChangeRoleInputSchema = teamMemberInputSchema.extend({ role: roleSchema });

export interface TeamMember {
  id: string;
  email: string;
  role: Role;
  lastSignInAt: string | null;
  twoFactor: boolean;
  activeSessions: number;
}
