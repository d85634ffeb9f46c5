import { Alert, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TodayVisit } from '#shared/appointments/schemas.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { DeadlineList } from '../register/Deadlines.tsx';
import { VISIT_STATE_LABELS, VisitOutcomeButtons } from './VisitOutcome.tsx';
import { formatInstant } from '#shared/time/format.ts';

const time = (iso: string, timeZone: string) => formatInstant(iso, timeZone, 'time');

/**
 * One visit on "Today" (decision 062): its time, place and seller, its outcome once marked, and for
 * a member who may work enquiries the buttons to mark it once it has begun.
 */
function VisitCard({
  visit,
  timezone,
  canWork,
  withDay,
}: {
  visit: TodayVisit;
  timezone: string;
  canWork: boolean;
  withDay: boolean;
}) {
  const { formatDateTime } = useDisplayTime();
  const when = withDay
    ? formatDateTime(visit.startsAt)
    : `${time(visit.startsAt, timezone)}–${time(visit.endsAt, timezone)}`;
  const marked = visit.state === 'attended' || visit.state === 'no_show';
  return (
    <Card withBorder component="li" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {when} · {visit.city}
          </Text>
          {marked && (
            <Badge color={VISIT_STATE_LABELS[visit.state].color} variant="light">
              {VISIT_STATE_LABELS[visit.state].label}
            </Badge>
          )}
        </Group>
        <AnchorLink to="/admin/enquiries/$id" params={{ id: visit.enquiryId }}>
          {visit.sellerName} · {visit.reference}
        </AnchorLink>
        {canWork && visit.markable && (
          <VisitOutcomeButtons appointmentId={visit.id} label={`${visit.sellerName}, ${when}`} />
        )}
      </Stack>
    </Card>
  );
}

/** The register's deadlines overdue, due today or tomorrow (decision 070), the rest on Compliance. */
function RegisterDeadlines({ canWork }: { canWork: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.register.compliance.queryOptions());
  if (!list.data) return null;
  const { today, open } = list.data;
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const soon = open.filter((d) => d.dueOn <= tomorrow);
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Register deadlines
        </Title>
        <AnchorLink to="/admin/register/compliance">All deadlines</AnchorLink>
      </Group>
      {soon.length === 0 ? (
        <Text c="dimmed">No register deadline due today or tomorrow.</Text>
      ) : (
        <DeadlineList
          deadlines={soon}
          today={today}
          canWork={canWork}
          withEntry
          label="Register deadlines due today or tomorrow"
        />
      )}
    </>
  );
}

/**
 * /admin/enquiries/today (decision 062): the buyers' day, today's visits in the business's timezone
 * in time order with what happened at each once marked, the earlier days' visits nobody marked
 * ("Still to mark", so none is forgotten), and every shipping kit still to post, each linking to
 * its enquiry. One column of cards, so it reads the same on a phone.
 */
export function TodayPage() {
  const { formatDate, formatDateTime } = useDisplayTime();
  useDocumentTitle(`Today | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const canWork = useCan()('enquiries.write');
  const today = useQuery(trpc.admin.appointments.today.queryOptions());
  if (today.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading today" />
      </Center>
    );
  if (today.isError) return <Alert color="red">{errorMessage(today.error)}</Alert>;
  const { appointments, toMark, kits, timezone, day } = today.data;
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
            <VisitCard key={a.id} visit={a} timezone={timezone} canWork={canWork} withDay={false} />
          ))}
        </Stack>
      )}
      {toMark.length > 0 && (
        <>
          <Title order={2} size="h3">
            Still to mark
          </Title>
          <Text c="dimmed" size="sm">
            Visits from earlier days nobody has marked as attended or not.
          </Text>
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Still to mark">
            {toMark.map((a) => (
              <VisitCard key={a.id} visit={a} timezone={timezone} canWork={canWork} withDay />
            ))}
          </Stack>
        </>
      )}
      <RegisterDeadlines canWork={canWork} />
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
