import {
  Alert,
  Anchor,
  Badge,
  Code,
  Drawer,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  OUTBOX_MESSAGES,
  type OutboxEmailDetail,
  type OutboxEmailSummary,
  type OutboxSearchParams,
} from '#shared/outbox/schemas.ts';
import { useCan } from '../auth/session.ts';
import { ListPage } from '../lists/ListPage.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';

const COLUMNS = ['To', 'Subject', 'From', 'Created'];

interface OutboxPageProps {
  search: OutboxSearchParams;
  onSearchChange: (next: OutboxSearchParams) => void;
}

/**
 * /admin/outbox: every e-mail kept instead of sent while no provider key is configured, which is
 * how a business without a key (and every newcomer) sees what the platform sends. Search, page and
 * the open e-mail live in the URL. The Owner reads every e-mail; a Marketer the test e-mails they
 * sent, which the server alone filters (decision 027). The role gate refuses the page to the rest.
 */
export function OutboxPage({ search, onSearchChange }: OutboxPageProps) {
  const trpc = useTRPC();
  const can = useCan();
  const allowed = can('outbox.read') || can('outbox.tests.read');
  const list = useListPage({ search, onSearchChange });
  const rows = useQuery(
    trpc.admin.outbox.list.queryOptions(
      { page: list.page, search: list.term || undefined },
      { placeholderData: keepPreviousData, retry: false, enabled: allowed },
    ),
  );
  const data = rows.data;
  const open = (id: string | undefined) => onSearchChange({ ...search, email: id });

  return (
    <ListPage
      title="Outbox"
      forbidden={!allowed}
      intro={
        <>
          {!can('outbox.read') && <Text c="dimmed">{OUTBOX_MESSAGES.ownTestsOnly}</Text>}
          {data && (
            <Alert color={data.transport === 'outbox' ? 'blue' : 'gray'} variant="light">
              <Group gap="xs">
                <Text size="sm">Transport:</Text>
                <Badge variant="light">{data.transport}</Badge>
                <Text size="sm">
                  {data.transport === 'outbox' ? OUTBOX_MESSAGES.keptHere : OUTBOX_MESSAGES.sentByProvider}
                </Text>
              </Group>
            </Alert>
          )}
        </>
      }
      activeFilters={list.activeFilters}
      filters={
        <ListSearchInput
          label="Search"
          placeholder="Search by recipient or subject..."
          w={320}
          term={list.term}
          onSearch={list.setSearch}
          minLength={1}
        />
      }
      errors={[rows.error]}
      footer={
        <ListFooter
          data={data}
          noun={{ one: 'e-mail', many: 'e-mails' }}
          label="Outbox pages"
          onNavigate={list.goTo}
        />
      }
    >
      <ListTable
        columns={COLUMNS}
        minWidth={720}
        rows={data?.rows}
        pending={rows.isPending}
        fetching={rows.isFetching}
        renderRow={(email) => <OutboxRow key={email.id} email={email} onOpen={() => open(email.id)} />}
        empty={{ message: list.term ? OUTBOX_MESSAGES.noMatch : OUTBOX_MESSAGES.empty }}
      />
      <Drawer
        opened={search.email !== undefined}
        onClose={() => open(undefined)}
        position="right"
        size="xl"
        title="E-mail"
      >
        {search.email && <OutboxEmailView id={search.email} />}
      </Drawer>
    </ListPage>
  );
}

function OutboxRow({ email, onOpen }: { email: OutboxEmailSummary; onOpen: () => void }) {
  const { formatDateTime } = useDisplayTime();
  return (
    <Table.Tr onClick={onOpen} style={{ cursor: 'pointer' }}>
      <Table.Td>{email.to.join(', ')}</Table.Td>
      <Table.Td>
        {/* The subject is the row's keyboard target; a click anywhere on the row opens it too. */}
        <UnstyledButton
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          fw={500}
          fz="sm"
        >
          {email.subject}
        </UnstyledButton>
      </Table.Td>
      <Table.Td>{email.from}</Table.Td>
      <Table.Td>{formatDateTime(email.createdAt)}</Table.Td>
    </Table.Tr>
  );
}

function OutboxEmailView({ id }: { id: string }) {
  const trpc = useTRPC();
  const email = useQuery(trpc.admin.outbox.get.queryOptions({ id }, { retry: false }));
  if (email.isPending) return <Loader aria-label="Loading e-mail" />;
  if (email.isError) return <Alert color="red">{errorMessage(email.error)}</Alert>;
  return <EmailDetail email={email.data} />;
}

function EmailDetail({ email }: { email: OutboxEmailDetail }) {
  const { formatDateTime } = useDisplayTime();
  const headerRows: [string, string][] = [
    ['From', email.from],
    ['To', email.to.join(', ')],
    ...(email.replyTo ? ([['Reply-To', email.replyTo]] as [string, string][]) : []),
    ['Subject', email.subject],
    ['Date', formatDateTime(email.createdAt)],
    ...Object.entries(email.headers),
    ...email.tags.map((tag): [string, string] => [`Tag ${tag.name}`, tag.value]),
    // A calendar invitation rides along with a visit's e-mails (decision 062): named, not shown.
    ...email.attachments.map((a, i): [string, string] => [
      `Attachment ${i + 1}`,
      `${a.filename}${a.contentType ? ` (${a.contentType})` : ''}`,
    ]),
  ];
  return (
    <Stack>
      <Title order={2} size="h3">
        {email.subject}
      </Title>
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Headers">
        <Table.Tbody>
          {headerRows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={140} fw={500} c="dimmed">
                {name}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Tabs defaultValue={email.html ? 'html' : 'text'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html" disabled={!email.html}>
            HTML
          </Tabs.Tab>
          <Tabs.Tab value="text" disabled={!email.text}>
            Text
          </Tabs.Tab>
          <Tabs.Tab value="links">Links ({email.links.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {email.html && <EmailPreview html={email.html} title="Rendered HTML" height={560} />}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <ScrollArea.Autosize
            mah={560}
            // A scroll box the keyboard can reach and scroll (decision 056).
            viewportProps={{ tabIndex: 0 }}
          >
            <Code block aria-label="Text part" style={{ whiteSpace: 'pre-wrap' }}>
              {email.text}
            </Code>
          </ScrollArea.Autosize>
        </Tabs.Panel>
        <Tabs.Panel value="links" pt="sm">
          {email.links.length === 0 ? (
            <Text c="dimmed">This e-mail has no links.</Text>
          ) : (
            <Table aria-label="Links">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Text</Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {email.links.map((link, index) => (
                  <Table.Tr key={`${index}-${link.href}`}>
                    <Table.Td>{link.text || <Text c="dimmed">(no text)</Text>}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      {/^https?:\/\//i.test(link.href) ? (
                        <Anchor href={link.href} target="_blank" rel="noreferrer noopener">
                          {link.href}
                        </Anchor>
                      ) : (
                        link.href
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
