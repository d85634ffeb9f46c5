import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CONTACT_LIFECYCLE_MESSAGES, type ContactDetail } from '#shared/contacts/schemas.ts';
import { useCan } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess } from '../widgets/notify.ts';

/** Edit name and phone, and erase the contact (decision 036). Owner only (contacts.write). */
export function ContactLifecycleActions({ contact }: { contact: ContactDetail }) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [erasing, setErasing] = useState(false);
  if (!can('contacts.write')) return null;
  return (
    <Group>
      <Button variant="default" aria-haspopup="dialog" onClick={() => setEditing(true)}>
        Edit details
      </Button>
      <Button color="red" variant="light" aria-haspopup="dialog" onClick={() => setErasing(true)}>
        Erase contact
      </Button>
      {editing && <EditDetailsModal contact={contact} onClose={() => setEditing(false)} />}
      {erasing && <EraseModal contact={contact} onClose={() => setErasing(false)} />}
    </Group>
  );
}

function EditDetailsModal({ contact, onClose }: { contact: ContactDetail; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(contact.fullName ?? '');
  const [phone, setPhone] = useState(contact.phone ?? '');
  const save = useMutation(
    trpc.admin.contacts.updateDetails.mutationOptions({
      onSuccess: async (updated) => {
        notifySuccess(CONTACT_LIFECYCLE_MESSAGES.detailsSaved);
        queryClient.setQueryData(trpc.admin.contacts.get.queryKey({ id: updated.id }), updated);
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.list.queryKey() });
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Edit contact details">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: contact.id, fullName, phone });
        }}
      >
        <Stack>
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
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EraseModal({ contact, onClose }: { contact: ContactDetail; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === contact.email.toLowerCase();
  const erase = useMutation(
    trpc.admin.contacts.erase.mutationOptions({
      onSuccess: async (result) => {
        // What the law keeps is said, not hidden (decision 058).
        notifySuccess(
          result.registerKept
            ? `${CONTACT_LIFECYCLE_MESSAGES.erased}. ${result.registerKept}.`
            : CONTACT_LIFECYCLE_MESSAGES.erased,
          { autoClose: result.registerKept ? 10_000 : undefined },
        );
        queryClient.removeQueries({ queryKey: trpc.admin.contacts.get.queryKey({ id: contact.id }) });
        await queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.pathKey() });
        await navigate({ to: '/admin/contacts' });
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Erase this contact">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          erase.mutate({ id: contact.id, confirmation: typed });
        }}
      >
        <Stack>
          <Text size="sm">
            Erasing deletes the contact, its enquiries and their photos, its consent records and every copy of
            its address and name in sent e-mails and logs. Campaign figures stay as they are. The address is
            kept only as a one-way hash on the suppression list, so it is never mailed or imported again. This
            cannot be undone.
          </Text>
          <TextInput
            label={`Type ${contact.email} to confirm`}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          {erase.isError && (
            <Alert color="red" role="alert">
              {errorMessage(erase.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={erase.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={erase.isPending} disabled={!matches}>
              Erase contact
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
