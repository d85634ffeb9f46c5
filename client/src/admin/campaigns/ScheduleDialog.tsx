import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatInZone, zonedWallTimeToUtc } from '#shared/time/zones.ts';
import { DayTimeInput } from '../widgets/DayInput.tsx';

interface ScheduleDialogProps {
  opened: boolean;
  timezone: string;
  loading: boolean;
  onConfirm: (wallTime: string) => void;
  onClose: () => void;
}

/** Picks the send time as a wall-clock time in the business's timezone (settings). */
export function ScheduleDialog({ opened, timezone, loading, onConfirm, onClose }: ScheduleDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const when = zonedWallTimeToUtc(value, timezone);
    if (!when) {
      setError('Choose a date and time');
      return;
    }
    if (when.getTime() <= Date.now()) {
      setError('The scheduled time must be in the future');
      return;
    }
    setError(null);
    onConfirm(value);
  };

  const when = value ? zonedWallTimeToUtc(value, timezone) : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Schedule campaign" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack>
          <DayTimeInput
            label={`Send at (${timezone} time)`}
            required
            value={value}
            onChange={(wallTime) => {
              setValue(wallTime);
              setError(null);
            }}
            error={error}
          />
          {when && (
            <Text size="sm" c="dimmed">
              Sends on {formatInZone(when, timezone)} ({timezone}).
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
