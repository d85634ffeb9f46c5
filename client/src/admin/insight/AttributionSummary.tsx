import { Alert, Card, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AttributedFigures } from '#shared/insight/schemas.ts';
import { formatAud } from '#shared/money/aud.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

/** "6 enquiries, 2 purchases, $31,400.00": the value only for a reader allowed to see prices. */
export function attributionSentence(figures: AttributedFigures): string {
  const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
  const parts = [
    count(figures.enquiries, 'enquiry', 'enquiries'),
    count(figures.purchases, 'purchase', 'purchases'),
  ];
  if (figures.valueCents !== null) parts.push(formatAud(figures.valueCents));
  return parts.join(', ');
}

/**
 * What a campaign or a flow brought (decision 096): the enquiries whose seller's last touch before
 * enquiring was this e-mail, their purchases and, for those who may see prices, their value.
 */
export function AttributionSummary({ kind, id }: { kind: 'campaign' | 'flow'; id: string }) {
  const trpc = useTRPC();
  const query = useQuery(
    kind === 'campaign'
      ? trpc.admin.insight.campaignAttribution.queryOptions({ id })
      : trpc.admin.insight.flowAttribution.queryOptions({ id }),
  );
  return (
    <Card withBorder radius="md" data-testid={`${kind}-attribution`}>
      <Title order={2} size="h3" mb="xs">
        Enquiries and purchases
      </Title>
      {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {query.isPending && <Skeleton height={24} />}
      {query.data && (
        <>
          <Text fw={600}>{attributionSentence(query.data)}</Text>
          <Text size="sm" c="dimmed">
            Enquiries whose seller last clicked this {kind}’s e-mail (or, with no click, opened it) within the
            attribution window before enquiring.
            {query.data.valueCents === null && ' Purchase values are shown to the Owner and the Viewer.'}
          </Text>
        </>
      )}
    </Card>
  );
}
