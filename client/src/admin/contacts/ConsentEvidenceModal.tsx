import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CONSENT_BASIS_LABELS,
  consentBases,
  type ConsentEvidence,
  consentEvidenceSchema,
} from '#shared/contacts/consent.ts';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';
import { DayInput } from '../widgets/DayInput.tsx';

interface ConsentEvidenceModalProps {
  opened: boolean;
  /** The channels being switched on, as the admin reads them ("e-mail and SMS marketing"). */
  channels: string;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (evidence: ConsentEvidence) => void;
}

const basisOptions = consentBases.map((value) => ({ value, label: CONSENT_BASIS_LABELS[value] }));

function today(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/**
 * Asked before a channel is switched on: the consent must be one the business can show, so the
 * admin records how the contact agreed, where that is kept and when (decision 012).
 */
export function ConsentEvidenceModal({
  opened,
  channels,
  saving,
  onCancel,
  onConfirm,
}: ConsentEvidenceModalProps) {
  const form = useForm<{ basis: string | null; note: string; obtainedOn: string }>({
    initialValues: { basis: null, note: '', obtainedOn: today() },
    validate: zod4Resolver(consentEvidenceSchema),
  });
  return (
    <Modal opened={opened} onClose={onCancel} title="Record consent" size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => onConfirm(consentEvidenceSchema.parse(values)))}>
        <Stack>
          <Text size="sm">
            You are switching on {channels}. Under the Spam Act 2003 the business must be able to show that
            this contact agreed: record how and when.
          </Text>
          <Select
            label="Consent basis"
            placeholder="How did the contact agree?"
            data={basisOptions}
            required
            allowDeselect={false}
            {...form.getInputProps('basis')}
          />
          <Textarea
            label="Source note"
            description="Where the consent is recorded, e.g. 'Signed consent form, filed in the client folder'"
            required
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('note')}
          />
          <DayInput
            label="Date the contact agreed"
            required
            max={today()}
            {...form.getInputProps('obtainedOn')}
          />
          <Alert color="gray" variant="light">
            The record is kept with the contact and cannot be edited afterwards.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Record consent and save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
