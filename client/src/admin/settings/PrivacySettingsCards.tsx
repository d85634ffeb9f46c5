import { Card, NumberInput, Switch, Text, Title } from '@mantine/core';
import { ENQUIRY_RETENTION_MAX_DAYS, ENQUIRY_RETENTION_MIN_DAYS } from '#shared/settings/schemas.ts';
import type { SettingsForm } from './settings-form.ts';

/** Whether a ticked sell-form box needs the address to confirm it (decision 016). */
export function MarketingConsentCard({ form }: { form: SettingsForm }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        Marketing Consent
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Anyone can type any address into the sell form. With confirmation on, a ticked marketing box becomes
        consent only once the address owner opens the link we e-mail them.
      </Text>
      <Switch
        label="Require e-mail confirmation for marketing consent"
        description={
          form.values.requireConsentConfirmation
            ? 'On (recommended): sellers who tick a box stay “Pending confirmation” and receive no campaign until they confirm.'
            : 'Off: a ticked box is consent at once; the consent evidence records that it was not confirmed.'
        }
        {...form.getInputProps('requireConsentConfirmation', { type: 'checkbox' })}
      />
    </Card>
  );
}

/** How long closed enquiries keep their personal details (decision 026). */
export function EnquiryRetentionCard({ form }: { form: SettingsForm }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        Enquiry Retention
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Privacy Act (APP 11.2): personal information no longer needed is destroyed. Enquiries closed as
        Declined, Lost or Spam lose their photos (from storage too), the seller's free text, internal notes
        and the text of replies this many days after they closed; the enquiry, its status history and offers
        stay. Purchased enquiries are kept whole: a licensed second-hand dealer must keep the record of what
        it bought. A daily job does the deleting and logs what it removed.
      </Text>
      <NumberInput
        label="Keep closed enquiries for (days)"
        min={ENQUIRY_RETENTION_MIN_DAYS}
        max={ENQUIRY_RETENTION_MAX_DAYS}
        allowDecimal={false}
        w={260}
        {...form.getInputProps('enquiryRetentionDays')}
      />
    </Card>
  );
}
