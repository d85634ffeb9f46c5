import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { ContactDetail } from '#shared/contacts/schemas.ts';
import { ACTION_LABELS, METHOD_LABELS, type UnsubscribeLogAction } from '#shared/unsubscribe/schemas.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';

// What was sent to the contact, and when and how they unsubscribed.

export function CampaignsSentCard({ contact }: { contact: ContactDetail }) {
  const { formatDateTime } = useDisplayTime();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Campaigns Sent
      </Title>
      {contact.sends.length === 0 ? (
        <Text size="sm" c="dimmed">
          No campaign e-mails have been sent to this contact.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Campaign</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Opened</Table.Th>
                <Table.Th>Clicked</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contact.sends.map((send) => (
                <Table.Tr key={send.id}>
                  <Table.Td>
                    <AnchorLink to="/admin/campaigns/$id" params={{ id: send.campaignId }}>
                      {send.campaignName}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={sendStatusColor(send.status)} miw="max-content">
                      {send.status.replaceAll('_', ' ')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(send.sentAt)}</Table.Td>
                  <Table.Td>{formatDateTime(send.openedAt)}</Table.Td>
                  <Table.Td>{formatDateTime(send.clickedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export function UnsubscribeHistoryCard({ contact }: { contact: ContactDetail }) {
  const { formatDateTime } = useDisplayTime();
  if (contact.unsubscribeEvents.length === 0) return null;
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Unsubscribe History
      </Title>
      <Stack gap={6}>
        {contact.unsubscribeEvents.map((event) => (
          <Text size="sm" key={event.id}>
            {formatDateTime(event.createdAt)}:{' '}
            {ACTION_LABELS[event.action as UnsubscribeLogAction] ?? event.action} (
            {METHOD_LABELS[event.method as 'manual' | 'one_click'] ?? event.method})
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

function sendStatusColor(status: string): string {
  if (status === 'delivered' || status === 'sent') return 'green';
  if (status === 'bounced' || status === 'complained' || status === 'failed') return 'red';
  if (status === 'cancelled' || status === 'skipped') return 'gray';
  return 'blue';
}
