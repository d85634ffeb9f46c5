import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PAYMENT_METHOD_LABELS,
  type RegisterSettingsView,
  UNREADABLE_IDENTITY_HINT,
} from '#shared/register/schemas.ts';
import { REGISTER_RETENTION } from '#shared/register/retention.ts';
import { AU_STATES, type AuState, IDENTITY_DOCUMENT_LABELS, STATE_RULES } from '#shared/register/states.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatAud } from '#shared/money/aud.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { PersonName } from '../widgets/PersonName.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';
import { ResponsiveTable } from '../widgets/ResponsiveTable.tsx';
import { PeriodInputs } from '../widgets/PeriodInputs.tsx';

/**
 * /admin/register: the dealer's register for a period (decision 058), identity numbers masked;
 * the Owner downloads it as CSV or opens the printable page, both with full numbers and audited.
 */
export function RegisterPage() {
  const { formatDateTime } = useDisplayTime();
  useDocumentTitle(`Dealer’s register | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.register.settings.queryOptions());
  const today = settings.data?.today ?? '';
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const period = { from: from || firstOfMonth(today), to: to || today };
  const list = useQuery(trpc.admin.register.list.queryOptions(period, { enabled: today !== '' }));
  const can = useCan();
  const query = new URLSearchParams(period).toString();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Dealer’s register</Title>
        <Group gap="md">
          <AnchorLink to="/admin/register/held">Held stock</AnchorLink>
          <AnchorLink to="/admin/register/compliance">Compliance</AnchorLink>
        </Group>
      </Group>
      <Group align="flex-end">
        <PeriodInputs
          from={period.from}
          to={period.to}
          onChange={(change) => {
            if ('from' in change) setFrom(change.from ?? '');
            if ('to' in change) setTo(change.to ?? '');
          }}
        />
        {can('register.identity') && (
          <>
            <Button component="a" href={`/api/admin/exports/register.csv?${query}`} variant="light">
              Export CSV
            </Button>
            <Button
              component="a"
              href={`/api/admin/exports/register.html?${query}`}
              target="_blank"
              variant="default"
            >
              Printable page
            </Button>
          </>
        )}
      </Group>
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      <ResponsiveTable minWidth={900} striped data-testid="register-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date and time</Table.Th>
            <Table.Th>Watch</Table.Th>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Seller</Table.Th>
            <Table.Th>Identity</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Employee</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data ?? []).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
              <Table.Td>
                {row.enquiryId ? (
                  <AnchorLink to="/admin/enquiries/$id" params={{ id: row.enquiryId }}>
                    {row.watch}
                  </AnchorLink>
                ) : (
                  row.watch
                )}
              </Table.Td>
              <Table.Td>{row.serialNumber}</Table.Td>
              <Table.Td>
                {row.sellerName}
                <Text size="xs" c="dimmed">
                  {row.sellerAddress}
                </Text>
              </Table.Td>
              <Table.Td>
                {IDENTITY_DOCUMENT_LABELS[row.idDocument]} {row.idNumberMasked}
                {!row.idNumberReadable && (
                  <Text size="xs" c="orange">
                    {UNREADABLE_IDENTITY_HINT}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {formatAud(row.priceCents)} ({PAYMENT_METHOD_LABELS[row.paymentMethod]})
              </Table.Td>
              <Table.Td>
                {row.receivedByEmail && (
                  <PersonName
                    email={row.receivedByEmail}
                    names={row.receivedByName ? { [row.receivedByEmail]: row.receivedByName } : {}}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      {list.data?.length === 0 && <Text c="dimmed">No purchases in this period.</Text>}
      {settings.data && <RegisterSettingsCard settings={settings.data} canEdit={can('settings.write')} />}
    </Stack>
  );
}

function firstOfMonth(day: string): string {
  return day ? `${day.slice(0, 8)}01` : '';
}

/** The state's rules, and for the Owner the state, the AML/CTF switch and the retention. */
function RegisterSettingsCard({ settings, canEdit }: { settings: RegisterSettingsView; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuState>(settings.state);
  const [aml, setAml] = useState(settings.amlCddEnabled);
  const [years, setYears] = useState<number | string>(settings.retentionYears);
  const save = useMutation(
    trpc.admin.register.saveSettings.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Register settings saved');
        await queryClient.invalidateQueries({ queryKey: trpc.admin.register.pathKey() });
      },
      onError: (error) => notifyError(error),
    }),
  );
  const rule = STATE_RULES[state];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Register rules
        </Title>
        <Text size="sm">
          {rule.name}: hold{' '}
          {rule.holdPeriod ? `${rule.holdPeriod.days} ${rule.holdPeriod.kind} days` : 'period not confirmed'}.
          Source: {rule.source}.
        </Text>
        {/* Decision 071: the register's own retention, to confirm like the hold. */}
        <Text size="sm">
          Register entries kept: {REGISTER_RETENTION[state].years} years ({REGISTER_RETENTION[state].confirm}
          ). Source: {REGISTER_RETENTION[state].source}.
        </Text>
        {rule.confirm && <Alert color="yellow">{rule.confirm}</Alert>}
        <Text size="sm" c="dimmed">
          The business must confirm these rules against its licence.
        </Text>
        {canEdit && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ state, amlCddEnabled: aml, retentionYears: Number(years) });
            }}
          >
            <Stack gap="sm" maw={420}>
              <Select
                label="Business state"
                allowDeselect={false}
                data={AU_STATES.map((s) => ({ value: s, label: STATE_RULES[s].name }))}
                value={state}
                onChange={(value) => value && setState(value)}
              />
              <Switch
                label="AML/CTF customer due diligence (allows cash of $10,000 or more)"
                checked={aml}
                onChange={(event) => setAml(event.currentTarget.checked)}
              />
              <NumberInput
                label="Keep register entries (years)"
                description={`Never less than the state rule (${REGISTER_RETENTION[state].years} years); applies to new purchases`}
                min={1}
                max={30}
                value={years}
                onChange={setYears}
              />
              <Group>
                <Button type="submit" loading={save.isPending}>
                  Save register settings
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
