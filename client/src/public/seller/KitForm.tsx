import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { APPOINTMENT_MESSAGES, shippingKitInputSchema } from '#shared/appointments/schemas.ts';
import { AUSTRALIAN_STATES, STATE_NAMES } from '#shared/appointments/postcodes.ts';
import { useTRPC } from '../../trpc.ts';
import { messageOf, type StepProps, useNextStepUpdate } from './next-step-parts.ts';

// The insured shipping kit's address form on the seller's page (decision 062), checked against the
// shared schema (a real Australian postcode for the state) before it is sent.

const EMPTY_KIT = {
  recipientName: '',
  addressLine1: '',
  addressLine2: '',
  suburb: '',
  state: '',
  postcode: '',
  phone: '',
};

export function KitForm({ token, onDone, onError, defaultName }: StepProps & { defaultName: string }) {
  const trpc = useTRPC();
  const update = useNextStepUpdate(token);
  const ids = {
    recipientName: useId(),
    addressLine1: useId(),
    addressLine2: useId(),
    suburb: useId(),
    state: useId(),
    postcode: useId(),
    phone: useId(),
  };
  const [kit, setKit] = useState({ ...EMPTY_KIT, recipientName: defaultName });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY_KIT, string>>>({});
  const request = useMutation(
    trpc.seller.requestKit.mutationOptions({
      onSuccess: (view) => {
        update(view);
        onDone(APPOINTMENT_MESSAGES.kitSent);
      },
      onError: (e) => onError(messageOf(e)),
    }),
  );
  const set = (field: keyof typeof EMPTY_KIT) => (value: string) => setKit((k) => ({ ...k, [field]: value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = shippingKitInputSchema.safeParse({ token, ...kit });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof EMPTY_KIT;
        found[field] ??= issue.message;
      }
      setErrors(found);
      onError('Please check the address.');
      return;
    }
    setErrors({});
    request.mutate({ token, ...kit, state: parsed.data.state });
  };
  const field = (
    name: keyof typeof EMPTY_KIT,
    label: string,
    autoComplete: string,
    extra: { inputMode?: 'numeric' | 'tel'; maxLength?: number } = {},
  ) => (
    <>
      <label className="prefs-label" htmlFor={ids[name]}>
        {label}
      </label>
      <input
        id={ids[name]}
        className="prefs-input"
        autoComplete={autoComplete}
        value={kit[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        onChange={(e) => set(name)(e.target.value)}
        {...extra}
      />
      {errors[name] && (
        <p id={`${ids[name]}-error`} className="prefs-field-error">
          {errors[name]}
        </p>
      )}
    </>
  );
  return (
    <form className="seller-form" onSubmit={onSubmit} noValidate>
      <h3 className="prefs-section-title">Where should we post the kit?</h3>
      {field('recipientName', 'Name on the parcel', 'name')}
      {field('addressLine1', 'Street address', 'address-line1')}
      {field('addressLine2', 'Address line 2 (optional)', 'address-line2')}
      {field('suburb', 'Suburb or town', 'address-level2')}
      <label className="prefs-label" htmlFor={ids.state}>
        State or territory
      </label>
      <select
        id={ids.state}
        className="prefs-input"
        autoComplete="address-level1"
        value={kit.state}
        aria-invalid={errors.state ? true : undefined}
        aria-describedby={errors.state ? `${ids.state}-error` : undefined}
        onChange={(e) => set('state')(e.target.value)}
      >
        <option value="">Choose…</option>
        {AUSTRALIAN_STATES.map((s) => (
          <option key={s} value={s}>
            {STATE_NAMES[s]}
          </option>
        ))}
      </select>
      {errors.state && (
        <p id={`${ids.state}-error`} className="prefs-field-error">
          {errors.state}
        </p>
      )}
      {field('postcode', 'Postcode', 'postal-code', { inputMode: 'numeric', maxLength: 4 })}
      {field('phone', 'Phone for the courier (optional)', 'tel', { inputMode: 'tel', maxLength: 30 })}
      <button type="submit" className="prefs-button prefs-button--primary" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send me the kit'}
      </button>
    </form>
  );
}
