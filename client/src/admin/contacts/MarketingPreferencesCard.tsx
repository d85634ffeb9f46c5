import { Button, Card, Group, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTACT_MESSAGES, type ContactDetail } from '#shared/contacts/schemas.ts';
import type { ConsentEvidence } from '#shared/contacts/consent.ts';
import { useCan } from '../auth/session.ts';
import { type DisplayTime, useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { consentChange } from './consent-change.ts';
import { ConsentEvidenceModal } from './ConsentEvidenceModal.tsx';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/** A ticked sell-form box the address has not confirmed (decision 016): not consent yet. */
function pendingDescription(requestedAt: string | null, { formatDateTime }: DisplayTime): string {
  const since = requestedAt ? ` on ${formatDateTime(requestedAt)}` : '';
  return `Pending confirmation: asked for on the sell form${since}; waits until the address opens the link e-mailed to it. No campaign is sent meanwhile.`;
}

/** The e-mail and SMS marketing switches; switching one on asks for the consent evidence first. */
export function MarketingPreferencesCard({ contact }: { contact: ContactDetail }) {
  const time = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [emailOn, setEmailOn] = useState(contact.emailMarketingConsent);
  const [smsOn, setSmsOn] = useState(contact.smsMarketingConsent);
  const [askingEvidence, setAskingEvidence] = useState(false);
  const change = consentChange(contact, { emailOn, smsOn });
  const emailLocked = contact.emailUnsubscribedAt !== null;
  const smsLocked = contact.smsUnsubscribedAt !== null;

  // A Viewer reads the consent state; changing it needs contacts.write (decision 027).
  const canWrite = useCan()('contacts.write');
  const update = useMutation(
    trpc.admin.contacts.update.mutationOptions({
      onSuccess: async (updated) => {
        notifySuccess(CONTACT_MESSAGES.updatedDescription, { title: CONTACT_MESSAGES.updated });
        queryClient.setQueryData(trpc.admin.contacts.get.queryKey({ id: updated.id }), updated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.stats.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.stats.queryKey() }),
        ]);
      },
      onError: (error) => {
        notifyError(error, { title: CONTACT_MESSAGES.updateFailed });
      },
    }),
  );

  const save = (consentEvidence?: ConsentEvidence) => {
    // Switching a channel on is never silent: it needs the consent evidence first.
    if (change.switchedOn.length > 0 && !consentEvidence) {
      setAskingEvidence(true);
      return;
    }
    update.mutate(change.input(consentEvidence), { onSettled: () => setAskingEvidence(false) });
  };

  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Marketing Preferences
      </Title>
      <Stack>
        <Switch
          label="Email Marketing"
          description={
            emailLocked
              ? `Unsubscribed on ${time.formatDateTime(contact.emailUnsubscribedAt)}. Only the contact can resubscribe, through the link in an e-mail.`
              : contact.emailConsentPending
                ? pendingDescription(contact.consentRequestedAt, time)
                : 'Receives marketing e-mails'
          }
          checked={emailOn}
          disabled={!canWrite || emailLocked || update.isPending}
          onChange={(event) => setEmailOn(event.currentTarget.checked)}
        />
        <Switch
          label="SMS Marketing"
          description={
            smsLocked
              ? `Unsubscribed from SMS on ${time.formatDateTime(contact.smsUnsubscribedAt)}.`
              : contact.smsConsentPending
                ? pendingDescription(contact.consentRequestedAt, time)
                : 'Receives marketing SMS'
          }
          checked={smsOn}
          disabled={!canWrite || (smsLocked && !contact.smsMarketingConsent) || update.isPending}
          onChange={(event) => setSmsOn(event.currentTarget.checked)}
        />
        {canWrite && change.changed && (
          <Group>
            <Button onClick={() => save()} loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        )}
      </Stack>
      <ConsentEvidenceModal
        opened={askingEvidence}
        channels={change.switchedOn.join(' and ')}
        saving={update.isPending}
        onCancel={() => setAskingEvidence(false)}
        onConfirm={(evidence) => save(evidence)}
      />
    </Card>
  );
}
