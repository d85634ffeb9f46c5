import { Badge, Button, Card, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MAX_DISMISS_REASON_LENGTH,
  UNMATCHED_MESSAGES,
  type UnmatchedMessage,
} from '#shared/enquiries/unmatched.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { notifySuccess } from '../widgets/notify.ts';

// /admin/enquiries/unmatched (decision 060): replies whose address named no enquiry, to be filed on
// the right one by hand or dismissed. Only the plain text is shown, as text: never the HTML part.

export function UnmatchedMailPage() {
  const { formatDateTime } = useDisplayTime();
  useDocumentTitle(`Unmatched mail | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.unmatchedMail.list.queryOptions(undefined, { refetchInterval: 60_000 }));
  const canAct = useCan()('enquiries.write');
  const [filing, setFiling] = useState<UnmatchedMessage | null>(null);
  const [dismissing, setDismissing] = useState<UnmatchedMessage | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.admin.unmatchedMail.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.admin.enquiries.pathKey() });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Unmatched mail</Title>
        <AnchorLink to="/admin/enquiries">Enquiries</AnchorLink>
      </Group>
      <Text c="dimmed" size="sm">
        Replies whose address names no enquiry. File each on its enquiry, or dismiss it.
      </Text>
      {list.error && <Text c="red">{errorMessage(list.error)}</Text>}
      {list.data?.length === 0 && <Text c="dimmed">No unmatched mail.</Text>}
      {(list.data ?? []).map((message) => (
        <Card withBorder key={message.id} component="article" aria-label={message.subject ?? 'No subject'}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {message.subject ?? '(no subject)'}
              </Title>
              <Text size="xs" c="dimmed">
                {formatDateTime(message.receivedAt)}
              </Text>
            </Group>
            <Text size="sm">
              From{' '}
              {message.fromName
                ? `${message.fromName} <${message.fromEmail ?? ''}>`
                : (message.fromEmail ?? 'unknown')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.preview}
            </Text>
            <AttachmentList
              attachments={message.attachments}
              href={(id) => `/api/admin/unmatched-mail/attachments/${id}`}
            />
            {canAct && (
              <Group>
                <Button size="compact-sm" aria-haspopup="dialog" onClick={() => setFiling(message)}>
                  File on enquiry…
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-haspopup="dialog"
                  onClick={() => setDismissing(message)}
                >
                  Dismiss
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      ))}
      <FileDialog
        message={filing}
        onClose={() => setFiling(null)}
        onDone={async () => {
          setFiling(null);
          notifySuccess(UNMATCHED_MESSAGES.filed);
          await refresh();
        }}
      />
      <DismissDialog
        message={dismissing}
        onClose={() => setDismissing(null)}
        onDone={async () => {
          setDismissing(null);
          notifySuccess(UNMATCHED_MESSAGES.dismissed);
          await refresh();
        }}
      />
    </Stack>
  );
}

interface DialogProps {
  message: UnmatchedMessage | null;
  onClose: () => void;
  onDone: () => Promise<void>;
}

function FileDialog({ message, onClose, onDone }: DialogProps) {
  const trpc = useTRPC();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 250);
  // The picked enquiry stays an option while the search box shows its label.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const enquiryId = picked?.value ?? null;
  const options = useQuery(
    trpc.admin.enquiries.list.queryOptions(
      { search: debounced },
      { enabled: message !== null, placeholderData: keepPreviousData },
    ),
  );
  const file = useMutation(trpc.admin.unmatchedMail.file.mutationOptions({ onSuccess: onDone }));
  const found = (options.data?.rows ?? []).map((e) => ({
    value: e.id,
    label: [
      e.reference,
      e.sellerName ?? e.sellerEmail,
      [e.watchBrand, e.watchModel].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(' · '),
  }));
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  return (
    <Modal opened={message !== null} onClose={onClose} title="File on enquiry">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (message && enquiryId) file.mutate({ id: message.id, enquiryId });
        }}
      >
        <Select
          label="Enquiry"
          description="Search by the seller’s name, e-mail, phone or model"
          placeholder="Search enquiries"
          searchable
          data={data}
          value={enquiryId}
          onChange={(value, option) => setPicked(value && option ? { value, label: option.label } : null)}
          searchValue={term}
          onSearchChange={setTerm}
          filter={({ options: all }) => all}
          nothingFoundMessage="No enquiries found"
          error={file.isError ? errorMessage(file.error) : null}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={!enquiryId} loading={file.isPending}>
            File
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

function DismissDialog({ message, onClose, onDone }: DialogProps) {
  const trpc = useTRPC();
  const [reason, setReason] = useState('');
  const dismiss = useMutation(
    trpc.admin.unmatchedMail.dismiss.mutationOptions({
      onSuccess: async () => {
        setReason('');
        await onDone();
      },
    }),
  );
  return (
    <Modal opened={message !== null} onClose={onClose} title="Dismiss this message">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (message) dismiss.mutate({ id: message.id, reason: reason.trim() || undefined });
        }}
      >
        <Textarea
          label="Reason (optional)"
          autosize
          minRows={2}
          maxLength={MAX_DISMISS_REASON_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={dismiss.isError ? errorMessage(dismiss.error) : null}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" color="red" loading={dismiss.isPending}>
            Dismiss
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The inbox's way in, with how many wait (none: a plain link, no badge). */
export function UnmatchedMailLink() {
  const trpc = useTRPC();
  const count = useQuery(trpc.admin.unmatchedMail.count.queryOptions(undefined, { refetchInterval: 60_000 }));
  const n = count.data?.count ?? 0;
  return (
    <AnchorLink to="/admin/enquiries/unmatched">
      Unmatched mail{' '}
      {n > 0 && (
        <Badge component="span" size="sm" color="red" variant="filled" aria-label={`${n} waiting`}>
          {n}
        </Badge>
      )}
    </AnchorLink>
  );
}
