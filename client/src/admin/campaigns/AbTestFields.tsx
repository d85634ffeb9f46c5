import { Alert, Card, NumberInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  AB_METRIC_LABELS,
  AB_METRICS,
  AB_TEST_PERCENT,
  AB_WAIT_HOURS,
  type AbMetric,
  type AbTest,
  abSmallTestWarning,
  abTestSchema,
} from '#shared/campaigns/ab-test.ts';

/** The form's A/B subject test as typed, before it is checked (decision 037). */
export interface AbTestDraft {
  enabled: boolean;
  subjectB: string;
  testPercent: number | string;
  waitHours: number | string;
  metric: AbMetric;
}

export function abTestDraftFrom(saved: AbTest | null | undefined): AbTestDraft {
  return {
    enabled: Boolean(saved),
    subjectB: saved?.subjectB ?? '',
    testPercent: saved?.testPercent ?? AB_TEST_PERCENT.default,
    waitHours: saved?.waitHours ?? AB_WAIT_HOURS.default,
    metric: saved?.metric ?? 'opens',
  };
}

type FieldErrors = Partial<Record<'subjectB' | 'testPercent' | 'waitHours' | 'metric', string>>;

/** The test the form sends, or null without one; `errors` per field with the shared schema's messages. */
export function checkAbTest(draft: AbTestDraft): { value: AbTest | null; errors: FieldErrors } {
  if (!draft.enabled) return { value: null, errors: {} };
  const parsed = abTestSchema.safeParse({
    subjectB: draft.subjectB,
    testPercent: draft.testPercent === '' ? undefined : Number(draft.testPercent),
    waitHours: draft.waitHours === '' ? undefined : Number(draft.waitHours),
    metric: draft.metric,
  });
  if (parsed.success) return { value: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === 'subjectB' || key === 'testPercent' || key === 'waitHours' || key === 'metric')
      errors[key] ??= issue.message;
  }
  return { value: null, errors };
}

export function AbTestFields({
  draft,
  onChange,
  disabledReason,
  recipients,
}: {
  draft: AbTestDraft;
  onChange: (next: AbTestDraft) => void;
  /** The audience count, once known: a test too small to tell the subjects apart is warned about. */
  recipients: number | null;
  /** Why no test can run (test mode, a non-openers copy); the switch is off and disabled. */
  disabledReason: string | null;
}) {
  const { errors } = checkAbTest(draft);
  const set = (patch: Partial<AbTestDraft>) => onChange({ ...draft, ...patch });
  const active = draft.enabled && !disabledReason;
  const percent = Number(draft.testPercent);
  // A warning, not a block (decision 037): a small list may still want to try both subjects.
  const smallTest =
    active && recipients !== null && !errors.testPercent && Number.isFinite(percent)
      ? abSmallTestWarning(recipients, percent)
      : null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ab-test-title">
      <Stack gap="sm">
        <Text fw={500} id="ab-test-title">
          A/B subject test
        </Text>
        <Switch
          label="Test a second subject line"
          description={
            disabledReason ??
            'A share of the audience gets subject A or B; after the wait, the rest gets the winner.'
          }
          checked={active}
          disabled={Boolean(disabledReason)}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        {active && (
          <>
            <TextInput
              label="Subject line B"
              required
              value={draft.subjectB}
              error={errors.subjectB}
              onChange={(event) => set({ subjectB: event.currentTarget.value })}
            />
            <NumberInput
              label="Test share (% of the audience, split evenly between A and B)"
              min={AB_TEST_PERCENT.min}
              max={AB_TEST_PERCENT.max}
              suffix="%"
              allowDecimal={false}
              value={draft.testPercent}
              error={errors.testPercent}
              onChange={(value) => set({ testPercent: value })}
            />
            {smallTest && (
              <Alert color="yellow" title="Small test" data-testid="ab-small-test">
                {smallTest}
              </Alert>
            )}
            <NumberInput
              label="Wait before choosing the winner (hours)"
              min={AB_WAIT_HOURS.min}
              max={AB_WAIT_HOURS.max}
              allowDecimal={false}
              value={draft.waitHours}
              error={errors.waitHours}
              onChange={(value) => set({ waitHours: value })}
            />
            <div>
              <Text size="sm" fw={500} id="ab-metric-label">
                Winner chosen by
              </Text>
              <SegmentedControl
                aria-labelledby="ab-metric-label"
                value={draft.metric}
                onChange={(value) => set({ metric: value === 'clicks' ? 'clicks' : 'opens' })}
                data={AB_METRICS.map((metric) => ({ value: metric, label: AB_METRIC_LABELS[metric] }))}
              />
              <Text size="xs" c="dimmed" mt={4}>
                A tie goes to subject A.
              </Text>
            </div>
          </>
        )}
      </Stack>
    </Card>
  );
}
