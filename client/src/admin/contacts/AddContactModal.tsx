import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CONSENT_BASIS_LABELS, consentBases, consentEvidenceSchema } from '#shared/contacts/consent.ts';
import { CONTACT_LIFECYCLE_MESSAGES } from '#shared/contacts/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess } from '../widgets/notify.ts';

const basisOptions = consentBases.map((value) => ({ value, label: CONSENT_BASIS_LABELS[value] }));

/** A contact added by hand (decision 012): with its consent evidence, or without consent. */
export function AddContactModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [consented, setConsented] = useState(false);
  const [sms, setSms] = useState(false);
  const [basis, setBasis] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [obtainedOn, setObtainedOn] = useState('');
  const [evidenceError, setEvidenceError] = useState<string | null>(null);

  const create = useMutation(
    trpc.admin.contacts.create.mutationOptions({
      onSuccess: async ({ id }) => {
        notifySuccess(CONTACT_LIFECYCLE_MESSAGES.created);
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.pathKey() });
        await navigate({ to: '/admin/contacts/$id', params: { id } });
      },
    }),
  );

  const submit = () => {
    setEvidenceError(null);
    let consentEvidence = null;
    if (consented) {
      const parsed = consentEvidenceSchema.safeParse({ basis, note, obtainedOn });
      if (!parsed.success) {
        setEvidenceError(parsed.error.issues[0]?.message ?? 'Check the consent evidence');
        return;
      }
      consentEvidence = parsed.data;
    }
    create.mutate({ email, fullName, phone, consentEvidence, smsMarketingConsent: consented && sms });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add a contact" size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            withAsterisk
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <TextInput
            label="Full name"
            value={fullName}
            onChange={(event) => setFullName(event.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <Checkbox
            label="The contact agreed to e-mail marketing"
            checked={consented}
            onChange={(event) => setConsented(event.currentTarget.checked)}
          />
          {consented && (
            <>
              <Text size="sm" c="dimmed">
                The Spam Act 2003 requires that this consent can be shown: record how and when it was given.
              </Text>
              <Select
                label="Consent basis"
                placeholder="How did the contact agree?"
                withAsterisk
                data={basisOptions}
                value={basis}
                allowDeselect={false}
                onChange={setBasis}
              />
              <Textarea
                label="Source note"
                description="Where the consent is recorded"
                withAsterisk
                autosize
                minRows={2}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
              />
              <TextInput
                label="Date the contact agreed"
                type="date"
                withAsterisk
                value={obtainedOn}
                onChange={(event) => setObtainedOn(event.currentTarget.value)}
              />
              <Checkbox
                label="Also agreed to SMS marketing"
                checked={sms}
                onChange={(event) => setSms(event.currentTarget.checked)}
              />
            </>
          )}
          {(evidenceError || create.isError) && (
            <Alert color="red" role="alert">
              {evidenceError ?? errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add contact
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
