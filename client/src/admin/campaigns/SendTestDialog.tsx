import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignSendTestInputSchema } from '#shared/campaigns/schemas.ts';
import type { BlockDocument } from '#shared/templates/blocks.ts';
import { useMe } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

interface SendTestDialogProps {
  opened: boolean;
  onClose: () => void;
  content: {
    name: string;
    subject: string;
    preheader: string;
    htmlContent: string;
    textContent: string;
    /** A campaign made from blocks (decision 092): the server renders them for the test. */
    blocks: BlockDocument | null;
    variables: Record<string, string>;
  };
  /** An A/B campaign's subject B (decision 037), valid as typed; absent without a test. */
  subjectB?: string | undefined;
}

/**
 * Sends the form's current content to one address (the signed-in member's unless changed): custom
 * tags take the campaign's values, the recipient fields a sample contact's. An A/B campaign may send
 * one e-mail per subject, each with its real subject line and tagged A or B in the outbox.
 */
export function SendTestDialog({ opened, onClose, content, subjectB }: SendTestDialogProps) {
  const trpc = useTRPC();
  const me = useMe();
  // null until typed in: the signed-in member's address, which is where most tests go.
  const [typed, setTyped] = useState<string | null>(null);
  const to = typed ?? me.data?.email ?? '';
  const [both, setBoth] = useState(true);
  const sendsBoth = subjectB !== undefined && both;
  const [error, setError] = useState<string | null>(null);
  const sendTest = useMutation(
    trpc.admin.campaigns.sendTest.mutationOptions({
      onSuccess: (result) => {
        notifySuccess(
          result.sent.length > 1
            ? `${result.sent.length} test emails sent to ${result.to} (subjects ${result.sent.join(' and ')})`
            : `Test email sent to ${result.to}`,
        );
        onClose();
      },
      onError: (cause) => notifyError(`Failed to send test email: ${errorMessage(cause)}`),
    }),
  );

  const send = () => {
    const parsed = campaignSendTestInputSchema.safeParse({
      ...content,
      to,
      ...(sendsBoth ? { subjectB, variant: 'both' } : {}),
    });
    if (!parsed.success) {
      const toIssue = parsed.error.issues.find((issue) => issue.path[0] === 'to');
      setError(toIssue?.message ?? null);
      if (!toIssue) {
        notifyError(`Failed to send test email: ${parsed.error.issues[0]?.message ?? 'invalid content'}`);
      }
      return;
    }
    setError(null);
    sendTest.mutate(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Send test email" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {sendsBoth ? 'Two emails' : 'One email'} with sample values (Alex Sample) for the merge tags. It
            is not counted in the campaign.
          </Text>
          <TextInput
            label="Test email address"
            type="email"
            required
            data-autofocus
            value={to}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          {subjectB !== undefined && (
            <Checkbox
              label="Send both subjects"
              description="Two emails, one with subject A and one with subject B, each marked A or B in the outbox."
              checked={both}
              onChange={(event) => setBoth(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={sendTest.isPending}>
              Send Test
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
