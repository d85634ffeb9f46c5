import { Table, Text } from '@mantine/core';
import type { ProviderBreakdown, ProviderFigures } from '#shared/deliverability/providers.ts';
import { formatCount, formatRate } from '../widgets/format.ts';

/** A share of delivered e-mail in percent, one decimal; null when nothing was delivered. */
function share(
  part: number,
  figures: ProviderFigures,
  of: 'sent' | 'delivered' = 'delivered',
): number | null {
  const whole = figures[of];
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/**
 * Delivered, bounced, complained, opened and clicked per mailbox provider (decision 074): a
 * provider that starts refusing the business's mail stands out as its own row.
 */
export function ProviderTable({ breakdown, caption }: { breakdown: ProviderBreakdown; caption: string }) {
  if (breakdown.providers.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Nothing sent yet.
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Provider</Table.Th>
              <Table.Th scope="col">Sent</Table.Th>
              <Table.Th scope="col">Delivered</Table.Th>
              <Table.Th scope="col">Bounced</Table.Th>
              <Table.Th scope="col">Complained</Table.Th>
              <Table.Th scope="col">Opened</Table.Th>
              <Table.Th scope="col">Clicked</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {breakdown.providers.map((p) => (
              <Table.Tr key={p.provider}>
                <Table.Th scope="row" fw={500}>
                  {p.label}
                </Table.Th>
                <Table.Td>{formatCount(p.sent)}</Table.Td>
                <Table.Td>
                  {formatCount(p.delivered)} ({formatRate(share(p.delivered, p, 'sent'))})
                </Table.Td>
                <Table.Td fw={p.bounced > 0 ? 700 : undefined}>
                  {formatCount(p.bounced)} ({formatRate(share(p.bounced, p, 'sent'))})
                </Table.Td>
                <Table.Td fw={p.complained > 0 ? 700 : undefined}>
                  {formatCount(p.complained)} ({formatRate(share(p.complained, p))})
                </Table.Td>
                <Table.Td>
                  {formatCount(p.opened)} ({formatRate(share(p.opened, p))})
                </Table.Td>
                <Table.Td>
                  {formatCount(p.clicked)} ({formatRate(share(p.clicked, p))})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {breakdown.pendingDomains > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {formatCount(breakdown.pendingDomains)} recipient{' '}
          {breakdown.pendingDomains === 1 ? 'domain is' : 'domains are'} counted under Others until its mail
          servers are looked up (every few minutes).
        </Text>
      )}
    </>
  );
}
