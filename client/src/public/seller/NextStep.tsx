import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  APPOINTMENT_MESSAGES,
  type LocationSlug,
  type SellerNextStepView,
} from '#shared/appointments/schemas.ts';
import type { ApiError } from '../preferences/errors.ts';
import { Notice } from '../preferences/Notice.tsx';
import { useTRPC } from '../../trpc.ts';
import { KitForm } from './KitForm.tsx';
import { messageOf, type StepProps, useNextStepUpdate } from './next-step-parts.ts';
import { formatCalendarDay, formatInstant } from '#shared/time/format.ts';

// "Visit us or ship it" on the seller's page (decision 062): after an accepted offer the seller
// books a visit from the free slots the server lists (in the business's timezone), moves or
// cancels it, or asks for an insured shipping kit with a checked Australian address.

const dayLabel = (day: string) => formatCalendarDay(day, 'weekdayDayMonth');

function visitWhen(startsAt: string, timezone: string): string {
  return formatInstant(startsAt, timezone, 'weekdayDateTime');
}

/** "Friday 27 November 2026" and "10:00 am", apart, for a visit that is history. */
function visitDayAndTime(startsAt: string, timezone: string): { day: string; time: string } {
  return {
    day: formatInstant(startsAt, timezone, 'weekdayDate'),
    time: formatInstant(startsAt, timezone, 'time'),
  };
}

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * `token` is null in the staff preview (decision 067): the next step comes with the preview and every
 * button sits in the page's disabled fieldset; the forms below it are never opened there.
 */
export function NextStep({
  token,
  preview,
  parcelName = '',
}: {
  token: string | null;
  preview?: SellerNextStepView | undefined;
  /** The kit form's "Name on the parcel" to start with. */
  parcelName?: string;
}) {
  const trpc = useTRPC();
  const view = useQuery(
    trpc.seller.nextStep.queryOptions(token === null ? skipToken : { token }, { retry: false }),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [mode, setMode] = useState<'visit' | 'kit' | 'move' | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const next = token === null ? preview : view.data;
  if (!next) return null;
  // In the preview the buttons that open the forms are disabled, and an empty token is refused.
  const key = token ?? '';
  if (!next.open && !next.appointment && !next.kit && !next.pastVisit) return null;
  const past = next.pastVisit ? visitDayAndTime(next.pastVisit.startsAt, next.pastVisit.timezone) : null;
  const done = (message: string) => {
    setMode(null);
    setOutcome({ tone: 'success', message });
  };
  const failed = (message: string) => setOutcome({ tone: 'error', message });

  return (
    <section className="prefs-card seller-next" aria-labelledby="next-heading">
      <h2 id="next-heading" className="prefs-card-title">
        Visit us or ship it
      </h2>
      {outcome && (
        <Notice tone={outcome.tone} ref={outcomeRef}>
          {outcome.message}
        </Notice>
      )}
      {next.appointment ? (
        <>
          <p className="prefs-card-text">
            Your visit: <strong>{visitWhen(next.appointment.startsAt, next.appointment.timezone)}</strong> in{' '}
            {next.appointment.city} ({next.appointment.address}).
          </p>
          {next.open &&
            (mode === 'move' ? (
              <SlotPicker
                token={key}
                next={next}
                action="reschedule"
                onDone={done}
                onError={failed}
                onCancel={() => setMode(null)}
              />
            ) : (
              <div className="seller-actions">
                <button type="button" className="prefs-button" onClick={() => setMode('move')}>
                  Move my visit
                </button>
                <CancelVisit token={key} onDone={done} onError={failed} />
              </div>
            ))}
        </>
      ) : next.kit ? (
        <p className="prefs-card-text">
          {next.kit.dispatchedAt
            ? 'Your insured shipping kit is on its way to '
            : 'We will post an insured shipping kit to '}
          {next.kit.recipientName}, {next.kit.address}.
        </p>
      ) : (
        <>
          {/* A visit that is history (its end passed, or the team marked it) no longer holds the
              booking: the seller may book again while the offer stands accepted (decision 062). */}
          {past && next.pastVisit && (
            <p className="prefs-card-text">
              Your visit on <strong>{past.day}</strong> at <strong>{past.time}</strong> in{' '}
              {next.pastVisit.city} has passed.
            </p>
          )}
          {next.open && (
            <SellerChoice
              token={key}
              next={next}
              mode={mode}
              setMode={setMode}
              done={done}
              failed={failed}
              parcelName={parcelName}
            />
          )}
        </>
      )}
    </section>
  );
}

/** Book a visit or ask for a kit: shown while the offer stands accepted and nothing is arranged. */
function SellerChoice({
  token,
  next,
  mode,
  setMode,
  done,
  failed,
  parcelName,
}: {
  token: string;
  next: SellerNextStepView;
  parcelName: string;
  mode: 'visit' | 'kit' | 'move' | null;
  setMode: (mode: 'visit' | 'kit' | null) => void;
  done: (message: string) => void;
  failed: (message: string) => void;
}) {
  return (
    <>
      <p className="prefs-card-text">
        {next.bookable
          ? 'Bring your watch to one of our locations at a time that suits you, or we will post you an insured shipping kit.'
          : 'We will post you an insured shipping kit to send your watch in. If you would rather visit us, send us a message below.'}
      </p>
      <div className="seller-actions">
        {/* Offered only while some location has a free time, never to a dead end (decision 095). */}
        {next.bookable && (
          <button
            type="button"
            className={`prefs-button${mode === 'visit' ? ' prefs-button--primary' : ''}`}
            aria-pressed={mode === 'visit'}
            onClick={() => setMode('visit')}
          >
            Book a visit
          </button>
        )}
        <button
          type="button"
          className={`prefs-button${mode === 'kit' ? ' prefs-button--primary' : ''}`}
          aria-pressed={mode === 'kit'}
          onClick={() => setMode('kit')}
        >
          Send me an insured shipping kit
        </button>
      </div>
      {mode === 'visit' && (
        <SlotPicker
          token={token}
          next={next}
          action="book"
          onDone={done}
          onError={failed}
          onCancel={() => setMode(null)}
        />
      )}
      {mode === 'kit' && <KitForm token={token} onDone={done} onError={failed} defaultName={parcelName} />}
    </>
  );
}

function SlotPicker({
  token,
  next,
  action,
  onDone,
  onError,
  onCancel,
}: StepProps & { next: SellerNextStepView; action: 'book' | 'reschedule'; onCancel: () => void }) {
  const trpc = useTRPC();
  const update = useNextStepUpdate(token);
  const locationId = useId();
  const dayId = useId();
  const [location, setLocation] = useState<LocationSlug | ''>(
    next.appointment?.location ?? next.locations[0]?.slug ?? '',
  );
  const [day, setDay] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const slots = useQuery({
    ...trpc.seller.slots.queryOptions({ token, location: location || 'sydney' }, { retry: false }),
    enabled: location !== '',
  });
  const days = slots.data ?? [];
  const chosenDay = days.find((d) => d.day === day) ?? days[0];
  const options = {
    onSuccess: (view: SellerNextStepView) => {
      update(view);
      onDone(action === 'book' ? APPOINTMENT_MESSAGES.booked : APPOINTMENT_MESSAGES.rescheduled);
    },
    onError: (e: ApiError) => {
      onError(messageOf(e));
      void slots.refetch();
    },
  };
  const book = useMutation(trpc.seller.book.mutationOptions(options));
  const move = useMutation(trpc.seller.reschedule.mutationOptions(options));
  const busy = book.isPending || move.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!location || !startsAt) {
      onError(APPOINTMENT_MESSAGES.slot);
      return;
    }
    (action === 'book' ? book : move).mutate({ token, location, startsAt });
  };

  if (next.locations.length === 0)
    return (
      <p className="prefs-card-note">
        No location is taking bookings at the moment. Send us a message below.
      </p>
    );
  return (
    <form className="seller-form" onSubmit={onSubmit} noValidate>
      <label className="prefs-label" htmlFor={locationId}>
        Location
      </label>
      <select
        id={locationId}
        className="prefs-input"
        value={location}
        onChange={(e) => {
          setLocation(e.target.value as LocationSlug);
          setDay('');
          setStartsAt('');
        }}
      >
        {next.locations.map((l) => (
          <option key={l.slug} value={l.slug}>
            {l.city} – {l.address}
          </option>
        ))}
      </select>
      {slots.isPending && location !== '' ? (
        <p className="prefs-card-note" role="status">
          Finding free times…
        </p>
      ) : days.length === 0 ? (
        <p className="prefs-card-note">No free times at this location in the coming weeks.</p>
      ) : (
        <>
          <label className="prefs-label" htmlFor={dayId}>
            Day
          </label>
          <select
            id={dayId}
            className="prefs-input"
            value={chosenDay?.day ?? ''}
            onChange={(e) => {
              setDay(e.target.value);
              setStartsAt('');
            }}
          >
            {days.map((d) => (
              <option key={d.day} value={d.day}>
                {dayLabel(d.day)}
              </option>
            ))}
          </select>
          <fieldset className="seller-slots">
            <legend className="prefs-label">Time</legend>
            {chosenDay?.slots.map((s) => (
              <label key={s.startsAt} className="seller-slot">
                <input
                  type="radio"
                  name="slot"
                  value={s.startsAt}
                  checked={startsAt === s.startsAt}
                  onChange={() => setStartsAt(s.startsAt)}
                />
                {s.time}
              </label>
            ))}
          </fieldset>
        </>
      )}
      <div className="seller-actions">
        <button type="submit" className="prefs-button prefs-button--primary" disabled={busy || !startsAt}>
          {busy ? 'Booking…' : action === 'book' ? 'Book this time' : 'Move to this time'}
        </button>
        <button type="button" className="prefs-button" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

function CancelVisit({ token, onDone, onError }: StepProps) {
  const trpc = useTRPC();
  const update = useNextStepUpdate(token);
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation(
    trpc.seller.cancelAppointment.mutationOptions({
      onSuccess: (view) => {
        update(view);
        onDone(APPOINTMENT_MESSAGES.cancelled);
      },
      onError: (e) => onError(messageOf(e)),
    }),
  );
  if (!confirming)
    return (
      <button type="button" className="prefs-button" onClick={() => setConfirming(true)}>
        Cancel my visit
      </button>
    );
  return (
    <>
      <button
        type="button"
        className="prefs-button prefs-button--danger"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate({ token })}
      >
        {cancel.isPending ? 'Cancelling…' : 'Yes, cancel my visit'}
      </button>
      <button type="button" className="prefs-button" onClick={() => setConfirming(false)}>
        Keep it
      </button>
    </>
  );
}
