import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { CampaignValidation } from '#shared/campaigns/rules.ts';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { InboxRow } from '../widgets/InboxRow.tsx';
import { formatCount } from '../widgets/format.ts';
import type { CampaignFormDialog } from './useCampaignFormActions.ts';
import { ValidationPanel } from './ValidationPanel.tsx';

interface CampaignSendPanelProps {
  /** null while the count is loading. */
  recipientCount: number | null;
  recipientsLabel: string;
  validation: CampaignValidation;
  saveable: boolean;
  sendable: boolean;
  schedulable: boolean;
  busy: boolean;
  saving: boolean;
  onSave: () => void;
  onDialog: (dialog: CampaignFormDialog) => void;
  previewHtml: string;
  /** The subject and preheader with their tags filled as the preview fills the body. */
  inbox: { subject: string; preheader: string };
}

/** The editor's side column: who it reaches, what the rules say, the actions and the live preview. */
export function CampaignSendPanel({
  recipientCount,
  recipientsLabel,
  validation,
  saveable,
  sendable,
  schedulable,
  busy,
  saving,
  onSave,
  onDialog,
  previewHtml,
  inbox,
}: CampaignSendPanelProps) {
  return (
    <Stack>
      <Card withBorder radius="md" padding="md">
        <Text fw={500}>Recipients</Text>
        <Text size="xl" fw={700} data-testid="recipient-count">
          {recipientCount === null ? '…' : formatCount(recipientCount)}
        </Text>
        <Text size="sm" c="dimmed">
          {recipientsLabel}
        </Text>
      </Card>
      <ValidationPanel validation={validation} />
      <Group grow>
        <Button
          variant="default"
          aria-haspopup="dialog"
          onClick={() => onDialog('test')}
          disabled={!saveable || busy}
        >
          Send Test
        </Button>
        <Button variant="default" onClick={onSave} disabled={!saveable || busy} loading={saving}>
          Save Draft
        </Button>
      </Group>
      <Group grow>
        <Button
          variant="light"
          aria-haspopup="dialog"
          onClick={() => onDialog('schedule')}
          disabled={!sendable || busy || !schedulable}
        >
          Schedule
        </Button>
        <Button aria-haspopup="dialog" onClick={() => onDialog('send')} disabled={!sendable || busy}>
          Send Now
        </Button>
      </Group>
      <InboxRow subject={inbox.subject} preheader={inbox.preheader} html={previewHtml} />
      <EmailPreview
        html={previewHtml}
        title="Live preview"
        height={520}
        layout={{ subject: inbox.subject }}
      />
    </Stack>
  );
}
