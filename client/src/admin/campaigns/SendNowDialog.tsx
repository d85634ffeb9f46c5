import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { riskLevel } from '#shared/campaigns/rules.ts';
import { DomainHealthWarning } from '../settings/DomainHealthWarning.tsx';
import { formatCount } from '../widgets/format.ts';

const riskColor = { safe: 'green', medium: 'yellow', danger: 'red' } as const;
const riskTitle = { safe: 'Safe volume', medium: 'Medium volume', danger: 'High volume' } as const;

interface SendNowDialogProps {
  opened: boolean;
  recipients: number;
  testMode: boolean;
  /** Who the sunset policy leaves out, or that they are included (decision 089). */
  inactiveNote?: string | null;
  /** An A/B subject test's plan (decision 037), said before the admin confirms. */
  abTestNote?: string | null;
  /** The A/B test's small-sample warning (decision 037), repeated here: it does not block. */
  abTestWarning?: string | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last step before sending: how many people, and how risky that volume is. */
export function SendNowDialog({
  opened,
  recipients,
  testMode,
  inactiveNote = null,
  abTestNote = null,
  abTestWarning = null,
  loading,
  onConfirm,
  onClose,
}: SendNowDialogProps) {
  const risk = riskLevel(recipients);
  return (
    <Modal opened={opened} onClose={onClose} title="Send campaign now?" centered>
      <Stack>
        <Text>
          This campaign will be sent to{' '}
          <Text span fw={700}>
            {formatCount(recipients)} {recipients === 1 ? 'recipient' : 'recipients'}
          </Text>
          {testMode ? ' (test mode: only the test email addresses)' : ''}. Sending cannot be undone.
        </Text>
        {inactiveNote && (
          <Text size="sm" data-testid="send-now-inactive">
            {inactiveNote}
          </Text>
        )}
        {abTestNote && <Text size="sm">{abTestNote}</Text>}
        {abTestWarning && (
          <Text size="sm" c="yellow" data-testid="ab-small-test-review">
            {abTestWarning}
          </Text>
        )}
        <Alert color={riskColor[risk.level]} title={riskTitle[risk.level]}>
          {risk.message}
        </Alert>
        {/* Warns while the sending domain's last check fails; never blocks (decision 073). */}
        <DomainHealthWarning enabled={opened} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={loading} color={risk.level === 'danger' ? 'red' : undefined}>
            Confirm and send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
