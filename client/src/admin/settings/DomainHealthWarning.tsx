import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { domainWarning } from '#shared/settings/domain-health.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

/**
 * The warning Send Now and a flow's switch show while the sending domain's last check fails
 * (decision 073): it says so and links to the check, and never blocks the action.
 */
export function DomainHealthWarning({ enabled }: { enabled: boolean }) {
  const trpc = useTRPC();
  const health = useQuery(
    trpc.admin.domainHealth.get.queryOptions(undefined, { enabled, staleTime: 60_000 }),
  );
  const message = health.data ? domainWarning(health.data.failing) : null;
  if (!message) return null;
  return (
    <Alert color="orange" title="Sending domain" data-testid="domain-health-warning">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        {/* Absent for a role that may not open the page (the route table). */}
        <AnchorLink to="/admin/settings/domain" size="sm">
          Open the sending-domain check
        </AnchorLink>
      </Stack>
    </Alert>
  );
}
