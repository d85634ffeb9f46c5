import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadSubmitInputSchema } from '#shared/leads/schema.ts';
import {
  buildSubmission,
  errorsForStep,
  firstErrorField,
  initialValues,
  newEventId,
  type SellFormValues,
  serverFieldErrors,
  stepOf,
  validateSellForm,
} from './form-state.ts';
import { emptyUtm } from './utm.ts';

const filled: SellFormValues = {
  ...initialValues,
  fullName: 'Jane Citizen',
  email: 'jane@example.com',
  phone: '0412 345 678',
  watchBrand: 'Omega',
  watchCondition: 'Good - Moderate wear',
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sell form validation', () => {
  it('reports the first message of every failing field of an empty form', () => {
    expect(validateSellForm(initialValues)).toEqual({
      fullName: 'Please enter your full name',
      email: 'Please enter a valid email address',
      phone: 'Please enter your phone number',
      watchBrand: 'Please select a watch brand',
      watchCondition: 'Please select watch condition',
    });
    expect(validateSellForm(filled)).toEqual({});
  });

  it('shows on "Next" only the messages of the current step', () => {
    const errors = validateSellForm({ ...initialValues, fullName: 'Jo', watchYear: '1899' });
    expect(errorsForStep(errors, 0)).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter your phone number',
    });
    expect(errorsForStep(errors, 1)).toEqual({
      watchBrand: 'Please select a watch brand',
      watchYear: 'Please enter a valid year',
      watchCondition: 'Please select watch condition',
    });
    expect(errorsForStep(errors, 2)).toEqual({});
  });

  it('focuses the first failing field in form order and knows its step', () => {
    expect(firstErrorField({ watchCondition: 'x', phone: 'y' })).toBe('phone');
    expect(firstErrorField({ photos: 'x', watchYear: 'y' })).toBe('watchYear');
    expect(firstErrorField({})).toBeNull();
    expect([stepOf('email'), stepOf('additionalDetails'), stepOf('photos')]).toEqual([0, 1, 2]);
  });
});

describe('submission', () => {
  it('builds an input the server schema accepts, with attribution and photo ids', () => {
    const photoId = '3f0f5a47-9a43-4d1a-9c39-5b2a0a4f0e11';
    const input = buildSubmission(
      { ...filled, watchYear: '2015', smsMarketingConsent: true },
      { utm: { ...emptyUtm(), utm_source: 'google' }, eventId: newEventId(), photoIds: [photoId] },
    );
    const parsed = leadSubmitInputSchema.parse(input);
    expect(parsed).toMatchObject({
      watchYear: 2015,
      watchModel: null,
      utm_source: 'google',
      utm_medium: null,
      photo_upload_ids: [photoId],
      smsMarketingConsent: true,
      emailMarketingConsent: false,
    });
  });

  it('makes event ids the server accepts, different every time', () => {
    const ids = new Set(Array.from({ length: 50 }, newEventId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('maps server field messages onto the form, photos included', () => {
    expect(
      serverFieldErrors({
        fullName: ['Name must be at least 2 characters', 'ignored second message'],
        photo_upload_ids: ['Please upload a maximum of 10 photos.'],
        meta_event_id: ['Invalid event id'],
        email: [],
      }),
    ).toEqual({
      fullName: 'Name must be at least 2 characters',
      photos: 'Please upload a maximum of 10 photos.',
    });
    expect(serverFieldErrors(null)).toEqual({});
  });
});
