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
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { CONSENT_BASIS_LABELS, consentBases, consentEvidenceSchema } from '#shared/contacts/consent.ts';
import { CONTACT_LIFECYCLE_MESSAGES, contactCreateInputSchema } from '#shared/contacts/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess } from '../widgets/notify.ts';
import { DayInput } from '../widgets/DayInput.tsx';

const basisOptions = consentBases.map((value) => ({ value, label: CONSENT_BASIS_LABELS[value] }));

/**
 * The form as typed: the create input's contact fields, and the consent evidence flat, checked by
 * the shared evidence schema only when consent is ticked (the same rules the server applies).
 */
const addContactFormSchema = contactCreateInputSchema
  .pick({ email: true, fullName: true, phone: true })
  .extend({
    consented: z.boolean(),
    sms: z.boolean(),
    basis: z.string().nullable(),
    note: z.string(),
    obtainedOn: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.consented) return;
    const evidence = consentEvidenceSchema.safeParse(values);
    for (const issue of evidence.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
type AddContactFormValues = z.input<typeof addContactFormSchema>;

const EMPTY_CONTACT: AddContactFormValues = {
  email: '',
  fullName: '',
  phone: '',
  consented: false,
  sms: false,
  basis: null,
  note: '',
  obtainedOn: '',
};

/** A contact added by hand (decision 012): with its consent evidence, or without consent. */
export function AddContactModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<AddContactFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_CONTACT,
    validate: zod4Resolver(addContactFormSchema),
  });
  const consented = form.values.consented;

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

  const submit = (values: AddContactFormValues) => {
    const { email, fullName, phone, sms, basis, note, obtainedOn } = values;
    // Validated above: the evidence parses whenever consent is ticked.
    const evidence = values.consented ? consentEvidenceSchema.safeParse({ basis, note, obtainedOn }) : null;
    create.mutate({
      email,
      fullName,
      phone,
      consentEvidence: evidence?.data ?? null,
      smsMarketingConsent: values.consented && sms,
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add a contact" size="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <TextInput label="Full name" {...form.getInputProps('fullName')} />
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <Checkbox
            label="The contact agreed to e-mail marketing"
            {...form.getInputProps('consented', { type: 'checkbox' })}
          />
          {consented && (
            <>
              <Text size="sm" c="dimmed">
                The Spam Act 2003 requires that this consent can be shown: record how and when it was given.
              </Text>
              <Select
                label="Consent basis"
                placeholder="How did the contact agree?"
                required
                data={basisOptions}
                allowDeselect={false}
                {...form.getInputProps('basis')}
              />
              <Textarea
                label="Source note"
                description="Where the consent is recorded"
                required
                autosize
                minRows={2}
                maxLength={500}
                {...form.getInputProps('note')}
              />
              <DayInput label="Date the contact agreed" required {...form.getInputProps('obtainedOn')} />
              <Checkbox
                label="Also agreed to SMS marketing"
                {...form.getInputProps('sms', { type: 'checkbox' })}
              />
            </>
          )}
          {create.isError && (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
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
