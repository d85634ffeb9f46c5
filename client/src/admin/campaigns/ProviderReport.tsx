import { Alert, Card, Skeleton, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ProviderTable } from '../deliverability/ProviderTable.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';

/** The campaign report's figures by mailbox provider (decision 074). */
export function ProviderReport({
  campaignId,
  pollInterval,
}: {
  campaignId: string;
  pollInterval: number | false;
}) {
  const trpc = useTRPC();
  const providers = useQuery(
    trpc.admin.campaigns.providers.queryOptions({ id: campaignId }, { refetchInterval: pollInterval }),
  );
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h3" mb="xs">
        Mailbox providers
      </Title>
      {providers.isError && <Alert color="red">{errorMessage(providers.error)}</Alert>}
      {providers.isPending && <Skeleton height={80} />}
      {providers.data && (
        <ProviderTable
          breakdown={providers.data}
          caption="By the recipient's mailbox provider; rates of delivered e-mail, bounces and deliveries of sent."
        />
      )}
    </Card>
  );
}
