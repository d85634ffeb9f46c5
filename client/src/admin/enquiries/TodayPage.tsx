import { Alert, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatDate, formatDateTime } from '../widgets/format.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

const time = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * /admin/enquiries/today (decision 062): the buyers' day, today's visits in the business's timezone
 * in time order, and every shipping kit still to post, each linking to its enquiry. One column of
 * cards, so it reads the same on a phone.
 */
export function TodayPage() {
  useDocumentTitle(`Today | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const today = useQuery(trpc.admin.appointments.today.queryOptions());
  if (today.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading today" />
      </Center>
    );
  if (today.isError) return <Alert color="red">{errorMessage(today.error)}</Alert>;
  const { appointments, kits, timezone, day } = today.data;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Today</Title>
        <AnchorLink to="/admin/enquiries">All enquiries</AnchorLink>
      </Group>
      <Text c="dimmed">{formatDate(`${day}T12:00:00Z`)}</Text>
      <Title order={2} size="h3">
        Visits
      </Title>
      {appointments.length === 0 ? (
        <Text c="dimmed">No visits booked for today.</Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Today's visits">
          {appointments.map((a) => (
            <Card withBorder component="li" key={a.id} padding="sm">
              <Text fw={600}>
                {time(a.startsAt, timezone)}–{time(a.endsAt, timezone)} · {a.city}
              </Text>
              <AnchorLink to="/admin/enquiries/$id" params={{ id: a.enquiryId }}>
                {a.sellerName} · {a.reference}
              </AnchorLink>
            </Card>
          ))}
        </Stack>
      )}
      <Title order={2} size="h3">
        Shipping kits to post
      </Title>
      {kits.length === 0 ? (
        <Text c="dimmed">No shipping kits waiting.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Shipping kits to post"
        >
          {kits.map((k) => (
            <Card withBorder component="li" key={k.id} padding="sm">
              <Text fw={600}>
                {k.recipientName} · {k.suburb} {k.state}
              </Text>
              <Text size="xs" c="dimmed">
                Requested {formatDateTime(k.createdAt)}
              </Text>
              <AnchorLink to="/admin/enquiries/$id" params={{ id: k.enquiryId }}>
                Enquiry {k.reference}
              </AnchorLink>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
