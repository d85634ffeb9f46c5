import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignSendTestInputSchema } from '#shared/campaigns/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';

interface SendTestDialogProps {
  opened: boolean;
  onClose: () => void;
  content: {
    name: string;
    subject: string;
    preheader: string;
    html_content: string;
    text_content: string;
    variables: Record<string, string>;
  };
}

/**
 * Sends the form's current content to one address: custom tags take the campaign's values, the
 * recipient fields a sample contact's.
 */
export function SendTestDialog({ opened, onClose, content }: SendTestDialogProps) {
  const trpc = useTRPC();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sendTest = useMutation(
    trpc.admin.campaigns.sendTest.mutationOptions({
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: `Test email sent to ${result.to}` });
        onClose();
      },
      onError: (cause) =>
        notifications.show({ color: 'red', message: `Failed to send test email: ${errorMessage(cause)}` }),
    }),
  );

  const send = () => {
    const parsed = campaignSendTestInputSchema.safeParse({ ...content, to });
    if (!parsed.success) {
      const toIssue = parsed.error.issues.find((issue) => issue.path[0] === 'to');
      setError(toIssue?.message ?? null);
      if (!toIssue) {
        notifications.show({
          color: 'red',
          message: `Failed to send test email: ${parsed.error.issues[0]?.message ?? 'invalid content'}`,
        });
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
            One email with sample values (Alex Sample) for the merge tags. It is not counted in the campaign.
          </Text>
          <TextInput
            label="Test email address"
            type="email"
            required
            data-autofocus
            value={to}
            onChange={(event) => {
              setTo(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
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
