import { Alert, Card, Checkbox, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Ref, useImperativeHandle, useState } from 'react';
import {
  ATTRIBUTION_WINDOW_MAX_DAYS,
  ATTRIBUTION_WINDOW_MIN_DAYS,
  type InsightSettings,
  insightSettingsSchema,
} from '#shared/insight/schemas.ts';
import { insightSettingsInput } from './insight-settings-input.ts';
import { errorMessage } from '../widgets/errors.ts';
import { notifySuccess } from '../widgets/notify.ts';
import { useTRPC } from '../../trpc.ts';

// The reports' two settings (decision 096): the attribution window and whether Marketers see
// purchase prices. Their own procedure, saved by the page's one Save Changes (decision 091) as the
// appointment card is: checked first, so a refused value saves nothing, and sent only when changed.

const INSIGHT_SETTINGS_SAVED = 'Report settings saved';

/** What the Settings page's Save Changes asks of the card. */
export interface InsightSettingsHandle {
  /** False, with the reason shown in the card, when a value is refused. */
  check: () => boolean;
  /** As `check`, and saves the card if it changed. */
  save: () => boolean;
}

export function InsightSettingsCard({ handle }: { handle: Ref<InsightSettingsHandle> }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.insight.settings.queryOptions());
  if (!settings.data) return null;
  return <InsightSettingsForm key={JSON.stringify(settings.data)} view={settings.data} handle={handle} />;
}

function InsightSettingsForm({
  view,
  handle,
}: {
  view: InsightSettings;
  handle: Ref<InsightSettingsHandle>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number | string>(view.attributionWindowDays);
  const [marketersSeePrices, setMarketersSeePrices] = useState(view.marketersSeePrices);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.admin.insight.updateSettings.mutationOptions({
      onSuccess: async () => {
        notifySuccess(INSIGHT_SETTINGS_SAVED);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.insight.settings.queryKey() });
      },
    }),
  );

  const parse = () => {
    const parsed = insightSettingsSchema.safeParse(insightSettingsInput(days, marketersSeePrices));
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the report settings.'));
    return parsed.success ? parsed.data : null;
  };
  useImperativeHandle(handle, () => ({
    check: () => parse() !== null,
    save: () => {
      const values = parse();
      if (!values) return false;
      if (
        values.attributionWindowDays !== view.attributionWindowDays ||
        values.marketersSeePrices !== view.marketersSeePrices
      )
        save.mutate(values);
      return true;
    },
  }));

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="insight-settings-heading">
      <Stack>
        <div>
          <Title order={2} size="h4" id="insight-settings-heading">
            Reports
          </Title>
          <Text size="sm" c="dimmed">
            How enquiries are credited to campaigns and flows, and who sees what they earned.
          </Text>
        </div>
        <NumberInput
          label="Attribution window (days)"
          description="An e-mail clicked (or read) this many days before an enquiry gets the credit. Changes apply to enquiries from now on."
          min={ATTRIBUTION_WINDOW_MIN_DAYS}
          max={ATTRIBUTION_WINDOW_MAX_DAYS}
          allowDecimal={false}
          clampBehavior="none"
          value={days}
          error={error}
          onChange={(value) => {
            setDays(value);
            setError(null);
          }}
        />
        <Checkbox
          label="Marketers see purchase prices"
          description="The value of the purchases a campaign or flow brought, on its page."
          checked={marketersSeePrices}
          onChange={(e) => setMarketersSeePrices(e.currentTarget.checked)}
        />
        {save.isError && <Alert color="red">{errorMessage(save.error)}</Alert>}
      </Stack>
    </Card>
  );
}
