import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DECLARATION_METHOD_LABELS,
  type EnquiryRegisterView,
  ID_CHECK_METHOD_LABELS,
  identityCopyPath,
  PAYMENT_METHOD_LABELS,
  type PurchaseRecordView,
  UNREADABLE_IDENTITY_HINT,
} from '#shared/register/schemas.ts';
import { IDENTITY_DOCUMENT_LABELS } from '#shared/register/states.ts';
import { useCan } from '../auth/session.ts';
import { DeadlineList, LinkedCashAlert, SuspiciousMatterForm } from '../register/Deadlines.tsx';
import { ReleaseControls } from '../register/ReleaseControls.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatAud } from '#shared/money/aud.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { PersonName } from '../widgets/PersonName.tsx';

/**
 * The enquiry's part of the dealer's register (decision 058): the serial (editable before the
 * purchase), a flag when it was seen on another enquiry or purchase, and the purchase record with
 * the identity number masked; the Owner may show it whole, which the audit log records.
 */
export function RegisterPanel({ enquiryId, canWork }: { enquiryId: string; canWork: boolean }) {
  const trpc = useTRPC();
  const view = useQuery(trpc.admin.register.forEnquiry.queryOptions({ id: enquiryId }));
  if (!view.data) return null;
  return (
    <Card withBorder aria-label="Dealer’s register">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Dealer’s register
        </Title>
        <SeenBefore view={view.data} />
        {view.data.purchase ? (
          <>
            <PurchaseRecord record={view.data.purchase} />
            <EntryCompliance enquiryId={enquiryId} purchaseId={view.data.purchase.id} canWork={canWork} />
            <ReleaseControls record={view.data.purchase} />
          </>
        ) : (
          <SerialField enquiryId={enquiryId} serial={view.data.serialNumber} canWork={canWork} />
        )}
      </Stack>
    </Card>
  );
}

/** The entry's deadlines, a linked-cash flag and the suspicious-matter note (decision 070). */
function EntryCompliance({
  enquiryId,
  purchaseId,
  canWork,
}: {
  enquiryId: string;
  purchaseId: string;
  canWork: boolean;
}) {
  const trpc = useTRPC();
  const view = useQuery(trpc.admin.register.entryCompliance.queryOptions({ id: enquiryId }));
  const settings = useQuery(trpc.admin.register.settings.queryOptions());
  if (!view.data) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Deadlines
      </Title>
      <LinkedCashAlert payments={view.data.linkedCash} title="Possibly linked cash payments" />
      {view.data.deadlines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No deadlines for this purchase.
        </Text>
      ) : (
        <DeadlineList
          deadlines={view.data.deadlines}
          today={settings.data?.today ?? null}
          canWork={canWork}
          withEntry={false}
          label="This purchase’s deadlines"
        />
      )}
      {canWork && <SuspiciousMatterForm purchaseId={purchaseId} />}
    </Stack>
  );
}

function SeenBefore({ view }: { view: EnquiryRegisterView }) {
  if (view.seenBefore.length === 0) return null;
  return (
    <Alert color="red" title="Serial number seen before" data-testid="seen-before">
      <Text size="sm">Possible resale of a stolen watch: the same serial is on</Text>
      {view.seenBefore.map((seen) => (
        <Text size="sm" key={seen.enquiryId}>
          <AnchorLink to="/admin/enquiries/$id" params={{ id: seen.enquiryId }}>
            enquiry {seen.reference}
          </AnchorLink>{' '}
          ({seen.where === 'purchase' ? 'purchased' : 'enquiry'}, serial {seen.serialNumber})
        </Text>
      ))}
    </Alert>
  );
}

function SerialField({
  enquiryId,
  serial,
  canWork,
}: {
  enquiryId: string;
  serial: string | null;
  canWork: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(serial ?? '');
  const save = useMutation(
    trpc.admin.register.setSerial.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.register.forEnquiry.queryKey() }),
    }),
  );
  if (!canWork) return <Text size="sm">Serial number: {serial ?? 'not recorded'}</Text>;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: enquiryId, serialNumber: value });
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="Serial number"
          description="Checked against every other enquiry and purchase"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={save.isError ? errorMessage(save.error) : null}
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          Save serial
        </Button>
      </Group>
    </form>
  );
}

function PurchaseRecord({ record }: { record: PurchaseRecordView }) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const canSeeFull = useCan()('register.identity');
  const reveal = useMutation(trpc.admin.register.revealIdentity.mutationOptions());
  const rows: Array<[string, React.ReactNode]> = [
    ['Price', `${formatAud(record.priceCents)} AUD`],
    ['Payment', PAYMENT_METHOD_LABELS[record.paymentMethod]],
    ['Seller', record.sellerName],
    ['Address', record.sellerAddress],
    [
      'Identity',
      <Group gap="xs" key="identity">
        <Text size="sm" data-testid="identity-number">
          {IDENTITY_DOCUMENT_LABELS[record.idDocument]} {reveal.data?.idNumber ?? record.idNumberMasked}
        </Text>
        {!record.idNumberReadable && (
          <Text size="sm" c="orange" data-testid="identity-unreadable">
            {UNREADABLE_IDENTITY_HINT}
          </Text>
        )}
        {canSeeFull && record.idNumberReadable && !reveal.data && (
          <Button size="compact-xs" variant="subtle" onClick={() => reveal.mutate({ id: record.id })}>
            Show full number
          </Button>
        )}
        {reveal.isError && <Text c="red">{errorMessage(reveal.error)}</Text>}
      </Group>,
    ],
    ['Expires', record.idExpiry],
    [
      'Checked',
      <Group gap="xs" key="checked">
        <Text size="sm">
          {ID_CHECK_METHOD_LABELS[record.idCheckMethod]} by{' '}
          {record.idCheckedByEmail ? (
            <PersonName
              email={record.idCheckedByEmail}
              names={record.idCheckedByName ? { [record.idCheckedByEmail]: record.idCheckedByName } : {}}
            />
          ) : (
            'a former member'
          )}
        </Text>
        {/* The copy is the Owner's to view, each view audited like the full number (decision 058). */}
        {canSeeFull && record.hasIdentityCopy && (
          <Anchor size="sm" href={identityCopyPath(record.id)}>
            View identity copy
          </Anchor>
        )}
      </Group>,
    ],
    ['Serial', record.serialNumber],
    ['Reference', record.referenceNumber],
    ['Identifying marks', record.identifyingMarks],
    [
      'Ownership declaration',
      `${DECLARATION_METHOD_LABELS[record.declarationMethod]}${record.declarationAcceptanceId ? ` (${record.declarationAcceptanceId})` : ''}`,
    ],
    [
      'Taken by',
      record.receivedByEmail ? (
        <PersonName
          key="taken"
          email={record.receivedByEmail}
          names={record.receivedByName ? { [record.receivedByEmail]: record.receivedByName } : {}}
        />
      ) : (
        'a former member'
      ),
    ],
    ...(record.storageLocation ? [['Stored at', record.storageLocation] as [string, string]] : []),
    [
      'Hold',
      record.releasedAt
        ? `Released ${formatDateTime(record.releasedAt)}${record.releaseReason ? `: ${record.releaseReason}` : ''}`
        : record.heldUntil
          ? `${record.heldUntil}${record.heldUntilNote ? ` (${record.heldUntilNote})` : ''}`
          : 'No hold period in this state (confirm with your licence)',
    ],
    [
      'Stolen register',
      record.stolenRegisterChecked
        ? `${record.stolenRegisterName ?? ''} (${record.stolenRegisterReference ?? ''})`
        : 'Not checked',
    ],
    ['Recorded', formatDateTime(record.createdAt)],
    [
      'Retention',
      <span key="retention" data-testid="kept-until">
        {record.keptUntil}
      </span>,
    ],
  ];
  return (
    <Table variant="vertical" withTableBorder data-testid="purchase-record">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
