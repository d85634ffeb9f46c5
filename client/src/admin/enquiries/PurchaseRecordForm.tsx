import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import {
  DECLARATION_METHOD_LABELS,
  DECLARATION_METHODS,
  ID_CHECK_METHOD_LABELS,
  ID_CHECK_METHODS,
  IDENTITY_COPY_UPLOAD_PATH,
  MAX_IDENTITY_COPY_BYTES,
  REGISTER_MESSAGES,
  needsCdd,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type RegisterSettingsView,
} from '#shared/register/schemas.ts';
import { IDENTITY_DOCUMENT_LABELS } from '#shared/register/states.ts';
import { formatAud } from '#shared/money/aud.ts';
import { memberLabel } from '#shared/team/names.ts';
import { purchaseFormDefaults, purchaseFormErrors, type PurchaseFormValues } from './purchase-form.ts';
import { DayInput } from '../widgets/DayInput.tsx';

/** Uploads the identity copy privately (decision 058): its id goes with the purchase record. */
async function uploadIdentityCopy(file: File): Promise<string> {
  if (file.size > MAX_IDENTITY_COPY_BYTES) throw new Error(REGISTER_MESSAGES.idCopyTooLarge);
  const res = await fetch(
    `${IDENTITY_COPY_UPLOAD_PATH}?name=${encodeURIComponent(file.name.slice(0, 255))}`,
    {
      method: 'POST',
      credentials: 'same-origin',
      // The CSRF check every admin write passes (server/http/csrf.ts).
      headers: { 'content-type': file.type || 'application/octet-stream', 'x-csrf-protection': '1' },
      body: file,
    },
  );
  const body = (await res.json().catch(() => ({}))) as { id?: string; error?: string };
  if (res.status === 413) throw new Error(REGISTER_MESSAGES.idCopyTooLarge);
  if (!res.ok || !body.id) throw new Error(body.error ?? REGISTER_MESSAGES.idCopyType);
  return body.id;
}

/**
 * The move to Purchased as the dealer's register entry (decision 058): one column, every field the
 * state's register needs, checked with the server's own rules before sending.
 */
export function PurchaseRecordForm({
  settings,
  latestOfferCents,
  acceptanceId,
  memberId,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  settings: RegisterSettingsView;
  latestOfferCents: number | null;
  /** The stored online acceptance's reference, to pre-fill the declaration with. */
  acceptanceId: string | null;
  memberId: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: PurchaseFormValues) => void;
  onCancel: () => void;
}) {
  const rules = {
    state: settings.state,
    stateName: settings.stateName,
    acceptedDocuments: settings.acceptedDocuments,
    today: settings.today,
    amlCddEnabled: settings.amlCddEnabled,
  };
  const form = useForm<PurchaseFormValues>({
    initialValues: purchaseFormDefaults(latestOfferCents, memberId, acceptanceId),
    validate: (values) => purchaseFormErrors(values, rules),
  });
  const values = form.getValues();
  const copy = useMutation({
    mutationFn: uploadIdentityCopy,
    onSuccess: (id) => form.setFieldValue('idUploadId', id),
    onError: () => form.setFieldValue('idUploadId', null),
  });
  // By name, the address for a member without one (decision 095).
  const members = settings.members.map((m) => ({ value: m.id, label: memberLabel(m) }));
  const price = typeof values.price === 'number' ? values.price : Number.parseFloat(values.price);
  const cdd = needsCdd({ paymentMethod: values.paymentMethod, priceCents: Math.round(price * 100) });
  return (
    <form noValidate aria-label="Purchase record" onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="sm">
        <Text size="sm">
          Purchased is final: the enquiry cannot be moved again.
          {latestOfferCents !== null ? ` The latest offer was ${formatAud(latestOfferCents)} AUD.` : ''}
        </Text>
        <NumberInput
          label="Final price (AUD)"
          required
          prefix="$"
          thousandSeparator=","
          decimalScale={2}
          min={0}
          {...form.getInputProps('price')}
        />
        <Select
          label="Payment method"
          required
          allowDeselect={false}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          {...form.getInputProps('paymentMethod')}
        />
        {cdd && settings.amlCddEnabled && (
          <>
            <Text size="sm" fw={600}>
              Customer due diligence (AML/CTF): cash of $10,000 or more
            </Text>
            <DayInput label="Seller’s date of birth" required {...form.getInputProps('cddDateOfBirth')} />
            <TextInput label="Seller’s occupation" required {...form.getInputProps('cddOccupation')} />
          </>
        )}
        <TextInput
          label="Seller’s full name"
          required
          autoComplete="off"
          {...form.getInputProps('sellerName')}
        />
        <Textarea
          label="Seller’s address"
          required
          autosize
          minRows={2}
          {...form.getInputProps('sellerAddress')}
        />
        <Select
          label="Identity document"
          description={`Accepted in ${settings.stateName}`}
          required
          allowDeselect={false}
          data={settings.acceptedDocuments.map((d) => ({ value: d, label: IDENTITY_DOCUMENT_LABELS[d] }))}
          {...form.getInputProps('idDocument')}
        />
        <TextInput label="Document number" required autoComplete="off" {...form.getInputProps('idNumber')} />
        <DayInput label="Document expiry" required {...form.getInputProps('idExpiry')} />
        <Select
          label="Identity checked by"
          required
          allowDeselect={false}
          data={members}
          {...form.getInputProps('idCheckedBy')}
        />
        <Select
          label="How it was checked"
          required
          allowDeselect={false}
          data={ID_CHECK_METHODS.map((m) => ({ value: m, label: ID_CHECK_METHOD_LABELS[m] }))}
          {...form.getInputProps('idCheckMethod')}
        />
        {values.idCheckMethod === 'uploaded' && (
          <FileInput
            label="Identity copy"
            description="A photo or PDF of the document, up to 10 MB; kept privately with the register entry"
            required
            clearable
            accept="application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif"
            onChange={(file) => {
              form.setFieldValue('idUploadId', null);
              if (file) copy.mutate(file);
            }}
            rightSection={copy.isPending ? <Text size="xs">…</Text> : undefined}
            error={copy.error ? copy.error.message : form.errors.idUploadId}
          />
        )}
        <TextInput
          label="Serial number"
          required
          autoComplete="off"
          {...form.getInputProps('serialNumber')}
        />
        <TextInput
          label="Reference number"
          required
          autoComplete="off"
          {...form.getInputProps('referenceNumber')}
        />
        <Textarea
          label="Identifying marks"
          description="Engravings, scratches, service marks; write “none” if there are none."
          required
          autosize
          minRows={2}
          {...form.getInputProps('identifyingMarks')}
        />
        <Select
          label="Ownership declaration"
          required
          allowDeselect={false}
          data={DECLARATION_METHODS.map((m) => ({ value: m, label: DECLARATION_METHOD_LABELS[m] }))}
          {...form.getInputProps('declarationMethod')}
        />
        {values.declarationMethod === 'online_acceptance' && (
          <TextInput
            label="Online acceptance reference"
            description="The certificate id of the seller’s acceptance, filled in from the offer when there is one"
            required
            {...form.getInputProps('declarationAcceptanceId')}
          />
        )}
        <Checkbox
          label="The seller declared that they own the watch and are entitled to sell it"
          {...form.getInputProps('declarationAccepted', { type: 'checkbox' })}
        />
        {settings.state === 'VIC' && (
          <TextInput
            label="Where the watch is stored"
            description="Victoria’s register records the storage location of the goods"
            required
            {...form.getInputProps('storageLocation')}
          />
        )}
        <Select
          label="Goods taken by"
          required
          allowDeselect={false}
          data={members}
          {...form.getInputProps('receivedBy')}
        />
        <Checkbox
          label="Checked against a stolen goods register"
          {...form.getInputProps('stolenRegisterChecked', { type: 'checkbox' })}
        />
        {values.stolenRegisterChecked && (
          <>
            <TextInput label="Register checked" required {...form.getInputProps('stolenRegisterName')} />
            <TextInput label="Check reference" required {...form.getInputProps('stolenRegisterReference')} />
          </>
        )}
        {serverError && <Alert color="red">{serverError}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending || copy.isPending}>
            Confirm purchase
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
