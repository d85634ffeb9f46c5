import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEADLINE_MESSAGES, type DeadlineView, type LinkedCashView } from '#shared/register/deadlines.ts';
import { useCan } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatAud } from '#shared/money/aud.ts';
import { displayTime, useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess, notifyWarning } from '../widgets/notify.ts';
import { PersonName } from '../widgets/PersonName.tsx';

// The register's legal clock on screen (decision 070): the entry's panel, the Compliance list and
// Today show the same cards.

// A calendar day is the same day in every zone: written as a day in UTC, not the display zone.
const dayInWords = displayTime('UTC');

/** A YYYY-MM-DD day in words ("5 Jan 2025"). */
export const formatDay = (day: string) => dayInWords.formatDate(`${day}T12:00:00Z`);

function useInvalidateRegister() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.admin.register.pathKey() });
}

function DueBadge({ deadline, today }: { deadline: DeadlineView; today: string | null }) {
  if (deadline.doneAt)
    return (
      <Badge color="green" variant="light">
        Done
      </Badge>
    );
  if (!today) return null;
  if (deadline.dueOn < today)
    return (
      <Badge color="red" variant="filled">
        Overdue
      </Badge>
    );
  if (deadline.dueOn === today)
    return (
      <Badge color="orange" variant="filled">
        Due today
      </Badge>
    );
  return null;
}

function MarkDone({ deadline }: { deadline: DeadlineView }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateRegister();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const complete = useMutation(
    trpc.admin.register.completeDeadline.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        notifySuccess(`${deadline.label}: marked done`);
        await invalidate();
      },
    }),
  );
  if (!open)
    return (
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
        Mark done
      </Button>
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        complete.mutate({ id: deadline.id, reference });
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Reference (optional)"
          description="The police receipt or AUSTRAC’s report number"
          value={reference}
          maxLength={200}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={complete.isError ? errorMessage(complete.error) : null}
        />
        <Button type="submit" loading={complete.isPending}>
          Mark done
        </Button>
        <Button variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

export function DeadlineCard({
  deadline,
  today,
  canWork,
  withEntry,
}: {
  deadline: DeadlineView;
  today: string | null;
  canWork: boolean;
  withEntry: boolean;
}) {
  const { formatDateTime } = useDisplayTime();
  // The TTR's fields hold the full identity number: the Owner's, audited (decisions 058 and 070).
  const canSeeFull = useCan()('register.identity');
  return (
    <Card withBorder component="li" padding="sm" data-testid="register-deadline">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{deadline.label}</Text>
          <DueBadge deadline={deadline} today={today} />
        </Group>
        <Text size="sm">Due {formatDay(deadline.dueOn)}</Text>
        {deadline.dueNote && (
          <Text size="xs" c="orange">
            {deadline.dueNote}
          </Text>
        )}
        <Text size="sm">{deadline.action}</Text>
        {deadline.confirm && (
          <Text size="xs" c="dimmed">
            {deadline.confirm}
          </Text>
        )}
        {deadline.kind === 'austrac_ttr' && canSeeFull && (
          <Group gap="md">
            <Anchor
              size="sm"
              href={`/api/admin/exports/register-ttr.html?id=${deadline.purchaseId}`}
              target="_blank"
            >
              TTR fields (printable)
            </Anchor>
            <Anchor size="sm" href={`/api/admin/exports/register-ttr.csv?id=${deadline.purchaseId}`}>
              TTR fields (CSV)
            </Anchor>
          </Group>
        )}
        {deadline.note && (
          <Text size="sm" c="dimmed">
            Staff note (never shown to the seller): {deadline.note}
          </Text>
        )}
        {withEntry && (
          <Text size="sm">
            {deadline.enquiryId ? (
              <AnchorLink to="/admin/enquiries/$id" params={{ id: deadline.enquiryId }}>
                {deadline.watch || 'Watch'} · {deadline.sellerName}
              </AnchorLink>
            ) : (
              `${deadline.watch} · ${deadline.sellerName}`
            )}
          </Text>
        )}
        {deadline.doneAt ? (
          <Text size="xs" c="dimmed">
            Done {formatDateTime(deadline.doneAt)} by{' '}
            {deadline.doneByEmail ? (
              <PersonName
                email={deadline.doneByEmail}
                names={deadline.doneByName ? { [deadline.doneByEmail]: deadline.doneByName } : {}}
              />
            ) : (
              'a former member'
            )}
            {deadline.reference ? ` · reference ${deadline.reference}` : ''}
          </Text>
        ) : (
          canWork && <MarkDone deadline={deadline} />
        )}
      </Stack>
    </Card>
  );
}

export function DeadlineList({
  deadlines,
  today,
  canWork,
  withEntry,
  label,
}: {
  deadlines: DeadlineView[];
  today: string | null;
  canWork: boolean;
  withEntry: boolean;
  label: string;
}) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {deadlines.map((d) => (
        <DeadlineCard key={d.id} deadline={d} today={today} canWork={canWork} withEntry={withEntry} />
      ))}
    </Stack>
  );
}

export function LinkedCashAlert({ payments, title }: { payments: LinkedCashView[]; title: string }) {
  if (payments.length === 0) return null;
  return (
    <Alert color="orange" title={title} data-testid="linked-cash">
      <Text size="sm">
        Cash payments by the same seller that together reach $10,000 within 30 days: consider a suspicious
        matter report.
      </Text>
      {payments.map((p) => (
        <Text size="sm" key={p.purchaseId}>
          {formatDay(p.day)} · {formatAud(p.priceCents)} AUD ·{' '}
          {p.enquiryId ? (
            <AnchorLink to="/admin/enquiries/$id" params={{ id: p.enquiryId }}>
              {p.watch || 'Watch'}
            </AnchorLink>
          ) : (
            p.watch
          )}{' '}
          · {p.sellerName}
        </Text>
      ))}
    </Alert>
  );
}

/** A staff-only suspicious-matter note on an entry: starts the SMR's 3 business days. */
export function SuspiciousMatterForm({ purchaseId }: { purchaseId: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateRegister();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const save = useMutation(
    trpc.admin.register.noteSuspiciousMatter.mutationOptions({
      onSuccess: async (result) => {
        setOpen(false);
        setNote('');
        notifyWarning(`Suspicious matter noted: report to AUSTRAC by ${formatDay(result.dueOn)}`);
        await invalidate();
      },
    }),
  );
  if (!open)
    return (
      <Group>
        <Button size="compact-sm" variant="default" onClick={() => setOpen(true)}>
          Note a suspicious matter
        </Button>
      </Group>
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ purchaseId, note });
      }}
    >
      <Textarea
        label="Suspicious matter (staff only)"
        description="Never tell the seller. Starts AUSTRAC’s 3 business days for a suspicious matter report."
        required
        autosize
        minRows={2}
        maxLength={4000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={save.isError ? errorMessage(save.error) : null}
      />
      <Group mt="xs">
        <Button type="submit" disabled={!note.trim()} loading={save.isPending} title={DEADLINE_MESSAGES.note}>
          Save note
        </Button>
        <Button variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
