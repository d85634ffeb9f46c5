import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Box,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACTIVITY_CHART_DAYS,
  type ComplaintLevel,
  type ComplaintRateView,
  DASHBOARD_MESSAGES,
  DASHBOARD_REFRESH_MS,
  type DailyActivityPoint,
  type ProviderPeriod,
  type RecentActivityItem,
  SPAM_RATE_BLOCKING,
  SPAM_RATE_GUIDANCE,
} from '#shared/dashboard/schemas.ts';
import { ACTION_LABELS, type UnsubscribeLogAction } from '#shared/unsubscribe/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan } from '../auth/session.ts';
import { ProviderTable } from '../deliverability/ProviderTable.tsx';
import { StatCard } from '../lists/StatCard.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatAge, formatCount, formatRate } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { formatCalendarDay } from '#shared/time/format.ts';

const refresh = { refetchInterval: DASHBOARD_REFRESH_MS };

/** /admin and /admin/dashboard: the Email Campaign Dashboard (docs/spec/admin.md §2, §9). */
export function DashboardPage() {
  useDocumentTitle(`Email Campaign Dashboard | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.dashboard.stats.queryOptions(undefined, refresh));
  const recent = useQuery(trpc.admin.dashboard.recentActivity.queryOptions(undefined, refresh));
  const daily = useQuery(trpc.admin.dashboard.dailyActivity.queryOptions(undefined, refresh));
  const complaints = useQuery(trpc.admin.dashboard.complaintRate.queryOptions(undefined, refresh));
  // The enquiry desk's card only for members who work enquiries (decision 027).
  const seesEnquiries = useCan()('enquiries.read');
  const awaiting = useQuery(
    trpc.admin.enquiries.awaitingReply.queryOptions(undefined, { ...refresh, enabled: seesEnquiries }),
  );
  // The Owner hears when sellers who accepted an offer have no visit to book (decision 095).
  const setsHours = useCan()('settings.write');
  const appointments = useQuery(
    trpc.admin.appointments.settings.queryOptions(undefined, { ...refresh, enabled: setsHours }),
  );
  const s = stats.data;
  const oldest = awaiting.data?.oldestAt ?? null;

  return (
    <Stack>
      <Title order={1}>Email Campaign Dashboard</Title>
      {stats.isError && <Alert color="red">{errorMessage(stats.error)}</Alert>}
      {setsHours && appointments.data && !appointments.data.bookable && (
        <Alert color="yellow" title="Sellers cannot book a visit">
          No location has a free time to book: sellers who accept an offer are offered only a shipping kit.{' '}
          <AnchorLink to="/admin/settings">Set opening hours in Settings</AnchorLink>
        </Alert>
      )}
      {seesEnquiries && (
        <AnchorLink to="/admin/enquiries" search={{ awaiting: true }} underline="never" c="inherit" maw={360}>
          <StatCard
            label="Enquiries awaiting reply"
            value={formatCount(awaiting.data?.count ?? 0)}
            note={
              oldest
                ? `Oldest received ${formatAge(oldest, awaiting.dataUpdatedAt)}`
                : 'Every enquiry has a reply'
            }
            loading={awaiting.isPending}
          />
        </AnchorLink>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
        <StatCard
          label="Total Campaigns"
          value={formatCount(s?.totalCampaigns ?? 0)}
          loading={stats.isPending}
        />
        <StatCard
          label="Active Subscribers"
          value={formatCount(s?.activeSubscribers ?? 0)}
          note="Consenting, not unsubscribed or suppressed"
          loading={stats.isPending}
        />
        <StatCard
          label="Avg Open Rate"
          value={formatRate(s?.avgOpenRate ?? null)}
          note="Campaigns with deliveries"
          loading={stats.isPending}
        />
        <StatCard
          label="Avg Click Rate"
          value={formatRate(s?.avgClickRate ?? null)}
          note="Campaigns with deliveries"
          loading={stats.isPending}
        />
        <StatCard
          label="Bounce Rate"
          value={formatRate(s?.bounceRate ?? null)}
          note="Bounces per e-mail sent"
          loading={stats.isPending}
        />
      </SimpleGrid>

      {complaints.isError && <Alert color="red">{errorMessage(complaints.error)}</Alert>}
      {complaints.data && <ComplaintRateCard view={complaints.data} />}
      <ProvidersCard />

      <Card withBorder radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Last {ACTIVITY_CHART_DAYS} days
          </Title>
          {daily.data && (
            <Text size="xs" c="dimmed">
              Days in {daily.data.timezone}
            </Text>
          )}
        </Group>
        {daily.isError && <Alert color="red">{errorMessage(daily.error)}</Alert>}
        {daily.isPending ? <Skeleton height={260} /> : daily.data && <ActivityChart days={daily.data.days} />}
      </Card>

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Recent Activity
        </Title>
        {recent.isError && <Alert color="red">{errorMessage(recent.error)}</Alert>}
        {recent.isPending ? (
          <Stack gap="xs">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={20} />
            ))}
          </Stack>
        ) : recent.data?.length === 0 ? (
          <Text c="dimmed">{DASHBOARD_MESSAGES.noRecentActivity}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {recent.data?.map((item) => (
              <ActivityItem key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

function ActivityChart({ days }: { days: DailyActivityPoint[] }) {
  // The server's dates are local days already: calendar days, the same in every zone.
  const data = days.map((d) => ({ ...d, day: formatCalendarDay(d.date, 'dayMonth') }));
  const totals = days.reduce(
    (acc, d) => ({
      sent: acc.sent + d.sent,
      delivered: acc.delivered + d.delivered,
      opened: acc.opened + d.opened,
      clicked: acc.clicked + d.clicked,
      bounced: acc.bounced + d.bounced,
      unsubscribed: acc.unsubscribed + d.unsubscribed,
    }),
    { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 },
  );
  return (
    <>
      <LineChart
        h={260}
        data={data}
        dataKey="day"
        withLegend
        withDots={false}
        curveType="linear"
        valueFormatter={(value) => formatCount(value)}
        series={[
          { name: 'sent', label: 'Sends', color: 'indigo.6' },
          { name: 'delivered', label: 'Delivered', color: 'blue.4' },
          { name: 'opened', label: 'Opens', color: 'teal.6' },
          { name: 'clicked', label: 'Clicks', color: 'yellow.7' },
          { name: 'bounced', label: 'Bounces', color: 'orange.7' },
          { name: 'unsubscribed', label: 'Unsubscribes', color: 'red.6' },
        ]}
        aria-hidden="true"
        // Hidden from assistive technology (the text below says the same), so nothing in it may take
        // focus: recharts' accessibility layer makes the chart a focusable application (decision 056).
        lineChartProps={{ accessibilityLayer: false }}
      />
      {/* The same figures for screen readers and keyboard users. */}
      <Text size="sm" c="dimmed" mt="xs">
        Over the last {ACTIVITY_CHART_DAYS} days: {formatCount(totals.sent)} e-mails sent,{' '}
        {formatCount(totals.delivered)} delivered, {formatCount(totals.opened)} opened,{' '}
        {formatCount(totals.clicked)} clicked, {formatCount(totals.bounced)} bounced,{' '}
        {formatCount(totals.unsubscribed)} unsubscribes.
      </Text>
    </>
  );
}

function ActivityItem({ item }: { item: RecentActivityItem }) {
  const { formatDateTime } = useDisplayTime();
  if (item.kind === 'campaign_completed') {
    return (
      <Group component="li" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Badge color="green" variant="light">
            Completed
          </Badge>
          <Text size="sm">
            Campaign{' '}
            <AnchorLink to="/admin/campaigns/$id" params={{ id: item.id }}>
              {item.name}
            </AnchorLink>{' '}
            finished sending to {formatCount(item.recipients)} recipient{item.recipients === 1 ? '' : 's'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(item.at)}
        </Text>
      </Group>
    );
  }
  return (
    <Group component="li" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Badge color="red" variant="light">
          {ACTION_LABELS[item.action as UnsubscribeLogAction] ?? 'Unsubscribe'}
        </Badge>
        <Text size="sm">{item.email ?? 'A contact'} unsubscribed</Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(item.at)}
      </Text>
    </Group>
  );
}

const LEVEL_TEXT: Record<ComplaintLevel, { label: string; color: string }> = {
  none: { label: 'Nothing delivered', color: 'gray' },
  under: { label: `Within Gmail's ${SPAM_RATE_GUIDANCE}%`, color: 'green' },
  over_guidance: { label: `Above Gmail's ${SPAM_RATE_GUIDANCE}% guidance`, color: 'orange' },
  over_blocking: { label: `At Gmail's ${SPAM_RATE_BLOCKING}% blocking line`, color: 'red' },
};

/** The scale's right end: the blocking line sits at 60 % of the bar, so a rate past it shows. */
const SCALE_MAX = 0.5;

/** The rolling 7-day spam complaint rate on a bar marked with Gmail's two lines (decision 074). */
function ComplaintRateCard({ view }: { view: ComplaintRateView }) {
  const level = LEVEL_TEXT[view.level];
  const filled = view.rate === null ? 0 : Math.min(100, (view.rate / SCALE_MAX) * 100);
  const mark = (at: number, label: string) => (
    <Box
      key={label}
      pos="absolute"
      top={0}
      bottom={0}
      left={`${(at / SCALE_MAX) * 100}%`}
      style={{ borderLeft: '2px dashed var(--mantine-color-dark-3)' }}
    />
  );
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          Spam complaints, last {view.windowDays} days
        </Title>
        <Badge color={level.color} variant="light">
          {level.label}
        </Badge>
      </Group>
      <Text size="xl" fw={700}>
        {view.rate === null ? '—' : `${view.rate.toFixed(2)}%`}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {formatCount(view.complained)} complaints from {formatCount(view.delivered)} delivered e-mails,
        campaigns and flows together. Gmail asks senders to stay under {SPAM_RATE_GUIDANCE}% and rejects their
        mail at {SPAM_RATE_BLOCKING}%; flows pause themselves above {SPAM_RATE_BLOCKING}%.
      </Text>
      <Box
        pos="relative"
        h={12}
        aria-hidden="true"
        style={{ borderRadius: 6, overflow: 'hidden' }}
        bg="gray.2"
      >
        <Box h="100%" w={`${filled}%`} bg={`${level.color}.6`} />
        {mark(SPAM_RATE_GUIDANCE, 'guidance')}
        {mark(SPAM_RATE_BLOCKING, 'blocking')}
      </Box>
      <Group justify="space-between" mt={4} aria-hidden="true">
        <Text size="xs" c="dimmed">
          0%
        </Text>
        <Text size="xs" c="dimmed">
          lines at {SPAM_RATE_GUIDANCE}% and {SPAM_RATE_BLOCKING}%
        </Text>
        <Text size="xs" c="dimmed">
          {SCALE_MAX}%
        </Text>
      </Group>
    </Card>
  );
}

/** Campaign e-mail by mailbox provider, so a block at one provider shows the day it starts (decision 074). */
function ProvidersCard() {
  const trpc = useTRPC();
  const [period, setPeriod] = useState<ProviderPeriod>('day');
  const providers = useQuery(trpc.admin.dashboard.providers.queryOptions({ period }, refresh));
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          Mailbox providers
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Period"
          value={period}
          onChange={(value) => setPeriod(value === 'week' ? 'week' : 'day')}
          data={[
            { value: 'day', label: 'Last 24 hours' },
            { value: 'week', label: 'Last 7 days' },
          ]}
        />
      </Group>
      {providers.isError && <Alert color="red">{errorMessage(providers.error)}</Alert>}
      {providers.isPending && <Skeleton height={80} />}
      {providers.data && (
        <ProviderTable
          breakdown={providers.data}
          caption={`Campaign e-mail sent in the ${period === 'day' ? 'last 24 hours' : 'last 7 days'}, by the recipient's mailbox provider.`}
        />
      )}
    </Card>
  );
}
