import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Group,
  List,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  ENQUIRY_RETENTION_MAX_DAYS,
  ENQUIRY_RETENTION_MIN_DAYS,
  BATCH_DELAY_MAX_SECONDS,
  BATCH_DELAY_MIN_SECONDS,
  BATCH_SIZE_MAX,
  BATCH_SIZE_MIN,
  SETTINGS_MESSAGES,
  type SettingsInput,
  settingsInputSchema,
  type SettingsView,
} from '#shared/settings/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatDateTime } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

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

/** Every IANA zone this browser knows, with the saved one kept even if it is not listed. */
function useTimezoneOptions(current: string): string[] {
  return useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return zones.includes(current) ? zones : [current, ...zones];
  }, [current]);
}

function SettingsForm({ view }: { view: SettingsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<SettingsInput>({
    mode: 'controlled',
    initialValues: view.values,
    validate: zod4Resolver(settingsInputSchema, { errorPriority: 'first' }),
    validateInputOnBlur: true,
  });
  const timezones = useTimezoneOptions(view.values.timezone);
  const save = useMutation(
    trpc.admin.settings.update.mutationOptions({
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: SETTINGS_MESSAGES.saved });
        queryClient.setQueryData(trpc.admin.settings.get.queryKey(), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.unsubscribes.stats.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.dailyActivity.queryKey() });
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: SETTINGS_MESSAGES.saveFailed,
          message: errorMessage(error),
        });
      },
    }),
  );

  const submit = form.onSubmit((values) => save.mutate(values));

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
          <Card withBorder radius="md">
            <Title order={2} size="h4">
              Email Configuration
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Who campaign e-mails come from. Leave a field empty to use the default shown.
            </Text>
            <Stack>
              <TextInput
                label="From Name"
                placeholder={view.defaults.fromName}
                {...form.getInputProps('fromName')}
              />
              <TextInput
                label="From Email"
                type="email"
                placeholder={view.defaults.fromEmail}
                description="Must be an address on a domain verified with the e-mail provider."
                {...form.getInputProps('fromEmail')}
              />
              <TextInput
                label="Reply-To Email"
                type="email"
                placeholder={view.defaults.replyToEmail}
                description="Empty: replies go to the From address."
                {...form.getInputProps('replyToEmail')}
              />
            </Stack>
          </Card>

          <Card withBorder radius="md">
            <Title order={2} size="h4">
              Campaign Settings
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              The sending worker reads these before every batch.
            </Text>
            <Stack>
              <NumberInput
                label="Batch Size"
                description={`E-mails per batch, ${BATCH_SIZE_MIN} to ${BATCH_SIZE_MAX} (the provider's limit).`}
                min={BATCH_SIZE_MIN}
                max={BATCH_SIZE_MAX}
                allowDecimal={false}
                {...form.getInputProps('batchSize')}
              />
              <NumberInput
                label="Batch Delay (seconds)"
                description={`Pause between batches, ${BATCH_DELAY_MIN_SECONDS} to ${BATCH_DELAY_MAX_SECONDS} seconds.`}
                min={BATCH_DELAY_MIN_SECONDS}
                max={BATCH_DELAY_MAX_SECONDS}
                step={0.5}
                decimalScale={3}
                {...form.getInputProps('batchDelaySeconds')}
              />
              <Select
                label="Default Timezone"
                description="Schedules, the dashboard's days and the Unsubscribes page's “Today” use it."
                data={timezones}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No such timezone"
                limit={100}
                {...form.getInputProps('timezone')}
              />
              <Text size="sm" c="dimmed">
                A campaign pauses itself when its bounce rate passes {view.bouncePauseThreshold}% after 200
                sends.
              </Text>
            </Stack>
          </Card>

          <Card withBorder radius="md">
            <Title order={2} size="h4">
              Marketing Consent
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Anyone can type any address into the sell form. With confirmation on, a ticked marketing box
              becomes consent only once the address owner opens the link we e-mail them.
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

          <Card withBorder radius="md">
            <Title order={2} size="h4">
              Enquiry Retention
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Privacy Act (APP 11.2): personal information no longer needed is destroyed. Enquiries closed as
              Declined, Lost or Spam lose their photos (from storage too), the seller's free text, internal
              notes and the text of replies this many days after they closed; the enquiry, its status history
              and offers stay. Purchased enquiries are kept whole: a licensed second-hand dealer must keep the
              record of what it bought. A daily job does the deleting and logs what it removed.
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

          <Card withBorder radius="md">
            <Title order={2} size="h4">
              API Integrations
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Keys are configured through the server's environment (secrets), never shown here.
            </Text>
            <Stack>
              {view.integrations.map((integration) => (
                <div key={integration.key}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={500}>{integration.name}</Text>
                    <Badge color={integration.configured ? 'green' : 'gray'} variant="light">
                      {integration.configured ? 'Configured' : 'Not configured'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {integration.setting && (
                      <>
                        <Code>{integration.setting}</Code>{' '}
                        {integration.configured ? '••••••••••••' : 'not set'}.{' '}
                      </>
                    )}
                    {integration.note}
                  </Text>
                </div>
              ))}
            </Stack>
          </Card>

          <Card withBorder radius="md">
            <Title order={2} size="h4">
              User Management
            </Title>
            <Text size="sm" mb="sm">
              Admin users are managed on the server with <Code>npm run admin</Code>:{' '}
              <Code>create &lt;email&gt;</Code>, <Code>grant &lt;email&gt;</Code>,{' '}
              <Code>revoke &lt;email&gt;</Code> and <Code>list</Code>. The role is stored in the{' '}
              <Code>user_roles</Code> table.
            </Text>
            {/* The members' addresses come to the Owner only (decision 027). */}
            {view.adminEmails && (
              <>
                <Text size="sm" fw={500}>
                  Current admins
                </Text>
                <List size="sm">
                  {view.adminEmails.map((email) => (
                    <List.Item key={email}>{email}</List.Item>
                  ))}
                </List>
              </>
            )}
          </Card>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
