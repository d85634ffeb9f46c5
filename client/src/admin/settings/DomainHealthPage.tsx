import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChecklistItem,
  type DomainCheck,
  type DomainCheckState,
  DOMAIN_CHECK_LABELS,
  DOMAIN_CHECK_STATE_LABELS,
  DOMAIN_CHECK_WHY,
} from '#shared/settings/domain-health.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { notify, notifyError } from '../widgets/notify.ts';

const STATE_COLORS: Record<DomainCheckState, string> = {
  pass: 'green',
  missing: 'red',
  misaligned: 'orange',
  unchecked: 'gray',
};

function StateBadge({ state }: { state: DomainCheckState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-state={state}>
      {DOMAIN_CHECK_STATE_LABELS[state]}
    </Badge>
  );
}

// Long TXT values (keys, SPF) wrap instead of widening the page at 390 px.
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function CheckCard({ check }: { check: DomainCheck }) {
  const label = DOMAIN_CHECK_LABELS[check.key];
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`domain-check-${check.key}`}
      component="section"
      aria-label={label}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {label}
          </Title>
          <StateBadge state={check.state} />
        </Group>
        {check.name && (
          <Text size="sm" style={WRAP}>
            <Code>{check.name}</Code>
          </Text>
        )}
        <Text size="sm">{check.detail}</Text>
        {check.found && (
          <Text size="sm" component="div">
            Found:{' '}
            <Code block style={WRAP}>
              {check.found}
            </Code>
          </Text>
        )}
        {check.record && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Publish this {check.record.type} record at {check.record.name}
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code block style={{ ...WRAP, flex: 1 }}>
                {check.record.value}
              </Code>
              <CopyButton value={check.record.value}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy} aria-label={`Copy the ${label} record`}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          Why it matters: {DOMAIN_CHECK_WHY[check.key]}
        </Text>
      </Stack>
    </Card>
  );
}

function ChecklistCard({ item }: { item: ChecklistItem }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={`checklist-${item.key}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {item.label}
          </Title>
          <StateBadge state={item.state} />
        </Group>
        <Text size="sm" style={WRAP}>
          {item.detail}
        </Text>
      </Stack>
    </Card>
  );
}

/** /admin/settings/domain: the sending domain's DNS and the bulk-sender checklist (decision 073). */
export function DomainHealthPage() {
  const { formatDateTime } = useDisplayTime();
  useDocumentTitle(`Sending domain | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const health = useQuery(trpc.admin.domainHealth.get.queryOptions());
  const checkNow = useMutation(
    trpc.admin.domainHealth.checkNow.mutationOptions({
      onSuccess: (view) => {
        queryClient.setQueryData(trpc.admin.domainHealth.get.queryKey(), view);
        notify(view.failing.length ? 'warning' : 'success', 'Sending domain checked');
      },
      onError: (error) => notifyError(error),
    }),
  );

  const header = (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1}>Sending domain</Title>
        <Text size="sm" c="dimmed">
          {health.data?.report
            ? `${health.data.report.fromDomain} · last checked ${formatDateTime(health.data.report.checkedAt)} (every day)`
            : 'Checked every day from this server'}
        </Text>
      </div>
      {can('settings.write') && (
        <Button onClick={() => checkNow.mutate()} loading={checkNow.isPending}>
          Check now
        </Button>
      )}
    </Group>
  );

  if (health.isPending)
    return (
      <Stack>
        {header}
        <Center py="xl">
          <Loader aria-label="Loading the sending domain" />
        </Center>
      </Stack>
    );
  if (health.isError)
    return (
      <Stack>
        {header}
        <Alert color="red">{errorMessage(health.error)}</Alert>
      </Stack>
    );
  const { report, checklist } = health.data;
  return (
    <Stack>
      {header}
      <Title order={2} size="h3">
        DNS records
      </Title>
      {report && report.fromDomain !== health.data.fromDomain && (
        <Alert color="orange" title="Checked for another domain">
          This report is for {report.fromDomain}; campaigns now send from {health.data.fromDomain}. Press
          Check now to check it.
        </Alert>
      )}
      {report ? (
        <Stack>
          {report.checks.map((check) => (
            <CheckCard key={check.key} check={check} />
          ))}
        </Stack>
      ) : (
        <Alert color="gray" title="Not checked yet">
          The daily check has not run yet. Press Check now to look the records up.
        </Alert>
      )}
      <Title order={2} size="h3">
        Bulk-sender checklist
      </Title>
      <Text size="sm" c="dimmed">
        Gmail, Yahoo and Outlook ask this of anyone sending over 5,000 messages a day. What happens outside
        this app is marked “Not checkable here”, never as passed.
      </Text>
      <Stack>
        {checklist.map((item) => (
          <ChecklistCard key={item.key} item={item} />
        ))}
      </Stack>
    </Stack>
  );
}
