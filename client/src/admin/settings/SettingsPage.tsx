import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { SETTINGS_MESSAGES, type SettingsView } from '#shared/settings/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { AppointmentSettingsCard, type AppointmentSettingsHandle } from './AppointmentSettingsCard.tsx';
import { InsightSettingsCard, type InsightSettingsHandle } from './InsightSettingsCard.tsx';
import { EnquiryRetentionCard, MarketingConsentCard } from './PrivacySettingsCards.tsx';
import { CampaignSendingCard, EmailConfigurationCard } from './SendingSettingsCards.tsx';
import { ApiIntegrationsCard, UserManagementCard } from './ServerSettingsCards.tsx';
import { useSettingsForm } from './settings-form.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/** /admin/settings: saved in the database and used by the sending worker (decision 005). */
export function SettingsPage() {
  useDocumentTitle(`Settings | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.get.queryOptions());

  if (settings.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading settings" />
      </Center>
    );
  if (settings.isError) return <Alert color="red">{errorMessage(settings.error)}</Alert>;
  return <SettingsForm key={settings.data.updatedAt} view={settings.data} />;
}

function SettingsForm({ view }: { view: SettingsView }) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSettingsForm(view);
  const save = useMutation(
    trpc.admin.settings.update.mutationOptions({
      onSuccess: (saved) => {
        notifySuccess(SETTINGS_MESSAGES.saved);
        queryClient.setQueryData(trpc.admin.settings.get.queryKey(), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.unsubscribe.stats.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.dailyActivity.queryKey() });
      },
      onError: (error) => {
        notifyError(error, { title: SETTINGS_MESSAGES.saveFailed });
      },
    }),
  );

  // One Save Changes for the whole page (decision 091): the appointment card (its own procedure,
  // decision 062) is checked first, so a refused value there saves nothing.
  // The reports' card (decision 096) likewise.
  const appointments = useRef<AppointmentSettingsHandle>(null);
  const insight = useRef<InsightSettingsHandle>(null);
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => {
      if (insight.current && !insight.current.check()) return;
      if (appointments.current && !appointments.current.save()) return;
      insight.current?.save();
      save.mutate(values);
    })(event);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Settings</Title>
            <Text size="sm" c="dimmed">
              Last changed {formatDateTime(view.updatedAt)}
            </Text>
          </div>
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <EmailConfigurationCard form={form} view={view} />
          <CampaignSendingCard form={form} view={view} />
          <MarketingConsentCard form={form} />
          <EnquiryRetentionCard form={form} />
          <ApiIntegrationsCard view={view} />
          <UserManagementCard view={view} />
          <InsightSettingsCard handle={insight} />
        </SimpleGrid>
        <AppointmentSettingsCard handle={appointments} />
      </Stack>
    </form>
  );
}
