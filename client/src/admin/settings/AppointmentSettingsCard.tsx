import {
  Alert,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Ref, useImperativeHandle, useState } from 'react';
import {
  APPOINTMENT_MESSAGES,
  appointmentSettingsInputSchema,
  type AppointmentSettingsView,
  type LocationHours,
  type LocationSlug,
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
} from '#shared/appointments/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess } from '../widgets/notify.ts';

// Visits after an accepted offer (decision 062): each location's weekly hours, the slot length,
// how far ahead and how soon a seller may book, and days closed. A separate procedure, audited as
// one change, but saved by the page's one Save Changes (decision 091): the page asks the card
// through its handle, and the card saves only when something in it changed.

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

// A time field shows "10:00 AM" and its clock button whole (at 120 px it read "10:00 AN").
const TIME_FIELD_WIDTH = 150;

type DayHours = { open: boolean; opens: string; closes: string };
type WeekHours = DayHours[];

function weekFor(hours: readonly LocationHours[], location: LocationSlug): WeekHours {
  return DAYS.map((_, i) => {
    const row = hours.find((h) => h.location === location && h.weekday === i + 1);
    return row
      ? { open: true, opens: row.opens, closes: row.closes }
      : { open: false, opens: '10:00', closes: '16:00' };
  });
}

/** What the Settings page's Save Changes asks of the card. */
export interface AppointmentSettingsHandle {
  /** False, with the reason shown in the card, when a value is refused; saves the card if changed. */
  save: () => boolean;
}

export function AppointmentSettingsCard({ handle }: { handle: Ref<AppointmentSettingsHandle> }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.appointments.settings.queryOptions());
  if (!settings.data) return null;
  return <AppointmentSettingsForm key={JSON.stringify(settings.data)} view={settings.data} handle={handle} />;
}

function AppointmentSettingsForm({
  view,
  handle,
}: {
  view: AppointmentSettingsView;
  handle: Ref<AppointmentSettingsHandle>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [slotMinutes, setSlotMinutes] = useState<number | string>(view.slotMinutes);
  const [horizonDays, setHorizonDays] = useState<number | string>(view.horizonDays);
  const [minNoticeHours, setMinNoticeHours] = useState<number | string>(view.minNoticeHours);
  const [blackout, setBlackout] = useState(view.blackoutDates.join('\n'));
  const [location, setLocation] = useState<LocationSlug>(view.locations[0]?.slug ?? 'sydney');
  const [weeks, setWeeks] = useState<Record<string, WeekHours>>(() =>
    Object.fromEntries(view.locations.map((l) => [l.slug, weekFor(view.hours, l.slug)])),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.admin.appointments.saveSettings.mutationOptions({
      onSuccess: (saved) => {
        notifySuccess(APPOINTMENT_MESSAGES.settingsSaved);
        queryClient.setQueryData(trpc.admin.appointments.settings.queryKey(), saved);
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  const week = weeks[location] ?? weekFor([], location);
  const setDay = (index: number, change: Partial<DayHours>) =>
    setWeeks((all) => ({
      ...all,
      [location]: week.map((d, i) => (i === index ? { ...d, ...change } : d)),
    }));

  function readInput() {
    const hours = Object.entries(weeks).flatMap(([slug, days]) =>
      days.flatMap((d, i) =>
        d.open ? [{ location: slug as LocationSlug, weekday: i + 1, opens: d.opens, closes: d.closes }] : [],
      ),
    );
    return {
      slotMinutes: Number(slotMinutes),
      horizonDays: Number(horizonDays),
      minNoticeHours: Number(minNoticeHours),
      blackoutDates: blackout
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
      hours,
    };
  }

  // What the card held when it was read, to save only a change.
  const [initial] = useState(() => JSON.stringify(readInput()));

  useImperativeHandle(handle, () => ({
    save: () => {
      const input = readInput();
      const parsed = appointmentSettingsInputSchema.safeParse(input);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Check the appointment settings.');
        return false;
      }
      setError(null);
      if (JSON.stringify(input) !== initial) save.mutate(parsed.data);
      return true;
    },
  }));

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="appointments-heading">
      <Stack>
        <div>
          <Title order={2} size="h4" id="appointments-heading">
            Appointments
          </Title>
          <Text size="sm" c="dimmed">
            Sellers who accepted an offer book a visit from these hours on their page, in the business
            timezone ({view.timezone}). A location with no open day takes no bookings.
          </Text>
        </div>
        {error && <Alert color="red">{error}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Slot length (minutes)"
            min={SLOT_MINUTES_MIN}
            max={SLOT_MINUTES_MAX}
            step={15}
            allowDecimal={false}
            value={slotMinutes}
            onChange={setSlotMinutes}
          />
          <NumberInput
            label="Bookings open (days ahead)"
            min={1}
            max={365}
            allowDecimal={false}
            value={horizonDays}
            onChange={setHorizonDays}
          />
          <NumberInput
            label="Minimum notice (hours)"
            min={0}
            max={720}
            allowDecimal={false}
            value={minNoticeHours}
            onChange={setMinNoticeHours}
          />
        </SimpleGrid>
        <Textarea
          label="Closed on (blackout dates)"
          description="One date per line, as YYYY-MM-DD."
          autosize
          minRows={2}
          value={blackout}
          onChange={(e) => setBlackout(e.currentTarget.value)}
        />
        <NativeSelect
          label="Opening hours of"
          data={view.locations.map((l) => ({ value: l.slug, label: l.city }))}
          value={location}
          onChange={(e) => setLocation(e.currentTarget.value as LocationSlug)}
        />
        <Stack
          gap="xs"
          role="group"
          aria-label={`Opening hours, ${view.locations.find((l) => l.slug === location)?.city ?? location}`}
        >
          {DAYS.map((name, i) => {
            const d = week[i] ?? { open: false, opens: '10:00', closes: '16:00' };
            return (
              <Group key={name} gap="xs" wrap="wrap" align="flex-end">
                <Checkbox
                  label={name}
                  checked={d.open}
                  onChange={(e) => setDay(i, { open: e.currentTarget.checked })}
                  w={120}
                  mb={8}
                />
                <TextInput
                  type="time"
                  label={`${name} opens`}
                  disabled={!d.open}
                  value={d.opens}
                  onChange={(e) => setDay(i, { opens: e.currentTarget.value })}
                  w={TIME_FIELD_WIDTH}
                />
                <TextInput
                  type="time"
                  label={`${name} closes`}
                  disabled={!d.open}
                  value={d.closes}
                  onChange={(e) => setDay(i, { closes: e.currentTarget.value })}
                  w={TIME_FIELD_WIDTH}
                />
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
