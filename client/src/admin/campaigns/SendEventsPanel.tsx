import { Alert, Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { safeHttpUrl, sendEventDetail, sendEventLabel } from './send-event-labels.ts';

/**
 * The provider's events for one send (delivered, opened, clicked, bounced ...), newest first: shown
 * when the operator expands a row of the details page's send table.
 */
export function SendEventsPanel({ sendId }: { sendId: string }) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const events = useQuery(trpc.admin.campaigns.sendEvents.queryOptions({ sendId }));

  if (events.isPending) return <Loader size="sm" aria-label="Loading events" />;
  if (events.isError) return <Alert color="red">{errorMessage(events.error)}</Alert>;
  if (events.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No events yet
      </Text>
    );

  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Delivery events">
      {events.data.map((event) => {
        const { label, color } = sendEventLabel(event.type);
        const detail = sendEventDetail(event);
        const link = event.clickedLink;
        const href = safeHttpUrl(link);
        return (
          <li key={event.id}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Badge color={color} variant="light" style={{ flexShrink: 0 }}>
                {label}
              </Badge>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm">
                  {formatDateTime(event.occurredAt ?? event.receivedAt)}
                  {event.fromSendRecord && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (from the send record)
                    </Text>
                  )}
                </Text>
                {detail && (
                  <Text size="sm" c="dimmed">
                    {detail}
                  </Text>
                )}
                {link &&
                  (href ? (
                    <Anchor
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {link}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {link}
                    </Text>
                  ))}
              </Stack>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
