import { Badge, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type HoldNoticeView,
  NOTICE_KIND_LABELS,
  NOTICE_KINDS,
  type NoticeKind,
  RELEASE_STATUS_LABELS,
  type ReleaseStatus,
} from '#shared/register/release.ts';
import type { PurchaseRecordView } from '#shared/register/schemas.ts';
import { useCan } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { PersonName } from '../widgets/PersonName.tsx';
import { formatCalendarDay } from '#shared/time/format.ts';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess } from '../widgets/notify.ts';
import { DayInput } from '../widgets/DayInput.tsx';

/** Mantine's close button has no name of its own: axe's button-name rule wants one. */
export const CLOSE = { 'aria-label': 'Close' };

const STATUS_COLOURS: Record<ReleaseStatus, string> = {
  in_hold: 'blue',
  police_hold: 'red',
  needs_check: 'orange',
  releasable: 'green',
  released: 'gray',
};

/** The release status as a badge: the held stock list's column and the entry's heading. */
export function ReleaseStatusBadge({ status }: { status: ReleaseStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" data-testid="release-status">
      {RELEASE_STATUS_LABELS[status]}
    </Badge>
  );
}

function useInvalidate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.admin.register.pathKey() });
}

/**
 * Leaving the hold (decision 071) on one register entry: its stolen-goods check, its police hold
 * notices (recorded and lifted) and the release itself. The server refuses what is missing and
 * says what; the buttons follow the recording permission.
 */
export function ReleaseControls({ record }: { record: PurchaseRecordView }) {
  const { formatDateTime } = useDisplayTime();
  const canWork = useCan()('enquiries.write');
  const released = record.releaseStatus === 'released';
  return (
    <Stack gap="sm" data-testid="release-controls">
      <Group gap="xs">
        <Title order={3} size="h5">
          Release
        </Title>
        <ReleaseStatusBadge status={record.releaseStatus} />
      </Group>
      <Text size="sm" data-testid="stolen-check">
        {record.stolenRegisterChecked
          ? `Stolen-goods check: ${record.stolenRegisterName ?? ''} (${record.stolenRegisterReference ?? ''})`
          : 'Stolen-goods check: not recorded'}
        {record.stolenRegisterChecked && record.stolenCheckedAt && (
          <>
            , by <Member email={record.stolenCheckedByEmail} names={record.people} />{' '}
            {formatDateTime(record.stolenCheckedAt)}
          </>
        )}
      </Text>
      {record.notices.map((notice) => (
        <NoticeLine key={notice.id} notice={notice} names={record.people} canWork={canWork && !released} />
      ))}
      {released ? (
        <Text size="sm">
          Released {record.releasedAt ? formatDateTime(record.releasedAt) : ''} by{' '}
          <Member email={record.releasedByEmail} names={record.people} />
          {record.releaseReason ? ` (early: ${record.releaseReason})` : ''}
        </Text>
      ) : (
        canWork && (
          <Group gap="xs">
            <StolenCheckButton record={record} />
            <NoticeButton record={record} />
            <ReleaseButton record={record} />
          </Group>
        )
      )}
    </Stack>
  );
}

/** A member by name, the address on hover (decision 102); "a former member" once removed. */
function Member({ email, names }: { email: string | null; names: Readonly<Record<string, string>> }) {
  return email ? <PersonName email={email} names={names} /> : <>a former member</>;
}

function NoticeLine({
  notice,
  names,
  canWork,
}: {
  notice: HoldNoticeView;
  names: Readonly<Record<string, string>>;
  canWork: boolean;
}) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const lift = useMutation(
    trpc.admin.register.liftNotice.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        notifySuccess('Hold notice lifted');
        await invalidate();
      },
    }),
  );
  return (
    <Stack gap={2} data-testid="hold-notice">
      <Text size="sm" fw={600}>
        {NOTICE_KIND_LABELS[notice.kind]} {notice.reference}
        {notice.liftedAt ? ' (lifted)' : ' (open)'}
      </Text>
      <Text size="sm">
        Issued {formatCalendarDay(notice.issuedOn, 'day')} by {notice.officer}, {notice.station}; recorded by{' '}
        <Member email={notice.recordedByEmail} names={names} /> {formatDateTime(notice.recordedAt)}
        {notice.notes ? `. ${notice.notes}` : ''}
      </Text>
      {notice.liftedAt ? (
        <Text size="sm">
          Lifted {formatDateTime(notice.liftedAt)} by <Member email={notice.liftedByEmail} names={names} /> (
          {notice.liftReference})
        </Text>
      ) : (
        canWork && (
          <Group>
            <Button size="compact-sm" variant="default" aria-haspopup="dialog" onClick={() => setOpen(true)}>
              Lift notice {notice.reference}
            </Button>
          </Group>
        )
      )}
      <Modal
        closeButtonProps={CLOSE}
        opened={open}
        onClose={() => setOpen(false)}
        title={`Lift notice ${notice.reference}`}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            lift.mutate({ noticeId: notice.id, reference });
          }}
        >
          <TextInput
            label="Lifting reference"
            description="The police reference or the officer’s written release"
            required
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={lift.isError ? errorMessage(lift.error) : null}
          />
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={lift.isPending}>
              Lift notice
            </Button>
          </Group>
        </form>
      </Modal>
    </Stack>
  );
}

function StolenCheckButton({ record }: { record: PurchaseRecordView }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [registerName, setRegisterName] = useState(record.stolenRegisterName ?? 'The Watch Register');
  const [reference, setReference] = useState('');
  const check = useMutation(
    trpc.admin.register.recordCheck.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        notifySuccess('Stolen-goods check recorded');
        await invalidate();
      },
    }),
  );
  return (
    <>
      <Button size="compact-sm" variant="default" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Record stolen-goods check
      </Button>
      <Modal
        closeButtonProps={CLOSE}
        opened={open}
        onClose={() => setOpen(false)}
        title="Record stolen-goods check"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            check.mutate({ id: record.id, registerName, reference });
          }}
        >
          <Stack>
            <TextInput
              label="Register searched"
              required
              value={registerName}
              onChange={(event) => setRegisterName(event.currentTarget.value)}
            />
            <TextInput
              label="Reference or certificate number"
              required
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              error={check.isError ? errorMessage(check.error) : null}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={check.isPending}>
                Record check
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function NoticeButton({ record }: { record: PurchaseRecordView }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<NoticeKind>('police_hold');
  const [officer, setOfficer] = useState('');
  const [station, setStation] = useState('');
  const [reference, setReference] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [notes, setNotes] = useState('');
  const save = useMutation(
    trpc.admin.register.recordNotice.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        notifySuccess('Hold notice recorded');
        await invalidate();
      },
    }),
  );
  return (
    <>
      <Button size="compact-sm" variant="default" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Record hold notice
      </Button>
      <Modal closeButtonProps={CLOSE} opened={open} onClose={() => setOpen(false)} title="Record hold notice">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ id: record.id, kind, officer, station, reference, issuedOn, notes });
          }}
        >
          <Stack>
            <Select
              label="Kind of notice"
              data={NOTICE_KINDS.map((k) => ({ value: k, label: NOTICE_KIND_LABELS[k] }))}
              value={kind}
              allowDeselect={false}
              onChange={(value) => value && setKind(value)}
            />
            <TextInput
              label="Issuing officer"
              required
              value={officer}
              onChange={(event) => setOfficer(event.currentTarget.value)}
            />
            <TextInput
              label="Police station"
              required
              value={station}
              onChange={(event) => setStation(event.currentTarget.value)}
            />
            <TextInput
              label="Notice reference"
              required
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
            />
            <DayInput label="Issued on" required value={issuedOn} onChange={setIssuedOn} />
            <Textarea
              label="Notes"
              autosize
              minRows={2}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              error={save.isError ? errorMessage(save.error) : null}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Record notice
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function ReleaseButton({ record }: { record: PurchaseRecordView }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const early = record.releaseStatus === 'in_hold';
  const release = useMutation(
    trpc.admin.register.release.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        notifySuccess('Released from hold');
        await invalidate();
      },
    }),
  );
  return (
    <>
      <Button
        size="compact-sm"
        variant={early ? 'default' : 'filled'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {early ? 'Release early' : 'Release'}
      </Button>
      <Modal
        closeButtonProps={CLOSE}
        opened={open}
        onClose={() => setOpen(false)}
        title={early ? 'Release early' : 'Release'}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            release.mutate({ id: record.id, reason: early ? reason : null });
          }}
        >
          <Stack>
            <Text size="sm">
              {record.watch}, serial {record.serialNumber}
            </Text>
            {early && (
              <Textarea
                label="Reason for releasing before the hold ends"
                required
                autosize
                minRows={2}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
            )}
            {release.isError && (
              <Text c="red" size="sm" role="alert">
                {errorMessage(release.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={release.isPending}>
                Confirm release
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
