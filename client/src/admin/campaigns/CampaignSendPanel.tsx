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
  preview: {
    html: string;
    /** `html` is the whole message (the server's block preview, decision 092), not a body to lay out. */
    message: boolean;
    /** Whom a merged preview is filled for; null: contact fields show as tags. */
    sample: { name: string; email: string; fromAudience: boolean } | null;
    /** The subject and preheader with their tags filled as the preview fills the body. */
    inbox: { subject: string; preheader: string };
  };
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
  preview,
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
      <InboxRow subject={preview.inbox.subject} preheader={preview.inbox.preheader} html={preview.html} />
      {preview.sample && (
        <Text size="sm" c="dimmed" data-testid="preview-sample">
          {preview.sample.fromAudience
            ? `Previewed for ${preview.sample.name} (${preview.sample.email}), a contact of this audience.`
            : `Previewed for ${preview.sample.name}, a sample contact: the audience has nobody to show yet.`}
        </Text>
      )}
      <EmailPreview
        html={preview.html}
        title="Live preview"
        height={520}
        {...(preview.message ? {} : { layout: { subject: preview.inbox.subject } })}
      />
    </Stack>
  );
}
