import { Alert, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { DeadlineList, formatDay, LinkedCashAlert } from './Deadlines.tsx';

/**
 * /admin/register/compliance (decision 070): every open deadline of the register, soonest first
 * (overdue on top), the cash payments possibly linked, and what was done in the last 30 days.
 */
export function CompliancePage() {
  useDocumentTitle(`Compliance | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const canWork = useCan()('enquiries.write');
  const list = useQuery(trpc.admin.register.compliance.queryOptions());
  if (list.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the compliance list" />
      </Center>
    );
  if (list.isError) return <Alert color="red">{errorMessage(list.error)}</Alert>;
  const { today, open, done, linkedCash } = list.data;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Compliance</Title>
        <AnchorLink to="/admin/register">Dealer’s register</AnchorLink>
      </Group>
      <Text c="dimmed">
        Today is {formatDay(today)}. Deadlines count the business days of the entry’s state; confirm each rule
        with your licence.
      </Text>
      <LinkedCashAlert payments={linkedCash} title="Possibly linked cash payments (last 90 days)" />
      <Title order={2} size="h3">
        Open deadlines
      </Title>
      {open.length === 0 ? (
        <Text c="dimmed">No open deadlines.</Text>
      ) : (
        <DeadlineList deadlines={open} today={today} canWork={canWork} withEntry label="Open deadlines" />
      )}
      <Title order={2} size="h3">
        Done in the last 30 days
      </Title>
      {done.length === 0 ? (
        <Text c="dimmed">Nothing done lately.</Text>
      ) : (
        <DeadlineList deadlines={done} today={today} canWork={false} withEntry label="Done lately" />
      )}
    </Stack>
  );
}
