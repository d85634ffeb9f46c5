import { describe, expect, it } from 'vitest';
import { type FieldControl, typedFields, withTyped } from './prerendered-forms.ts';

const text = (name: string, value: string, defaultValue = '', type = 'text'): FieldControl => ({
  name,
  type,
  value,
  defaultValue,
});
const box = (name: string, checked: boolean, defaultChecked = false, value = 'on'): FieldControl => ({
  name,
  type: 'checkbox',
  value,
  checked,
  defaultChecked,
});
const radio = (name: string, value: string, checked: boolean, defaultChecked = false): FieldControl => ({
  ...box(name, checked, defaultChecked, value),
  type: 'radio',
});
const select = (name: string, value: string, options: [string, boolean, boolean][]): FieldControl => ({
  name,
  type: 'select-one',
  value,
  options: options.map(([, selected, defaultSelected]) => ({ selected, defaultSelected })),
});

describe('typedFields', () => {
  it('reads text, text areas, choices and ticks the visitor changed, by name', () => {
    expect(
      typedFields([
        text('fullName', 'Jane'),
        text('email', 'jane@example.com', '', 'email'),
        text('additionalDetails', 'Serviced 2021', '', 'textarea'),
        select('watchBrand', 'Omega', [
          ['', false, true],
          ['Omega', true, false],
        ]),
        box('hasBox', true),
        radio('contact', 'phone', false, true),
        radio('contact', 'email', true),
      ]),
    ).toEqual({
      fullName: 'Jane',
      email: 'jane@example.com',
      additionalDetails: 'Serviced 2021',
      watchBrand: 'Omega',
      hasBox: true,
      contact: 'email',
    });
  });

  it('leaves out what still holds what the page was rendered with', () => {
    expect(
      typedFields([
        text('fullName', ''),
        text('email', 'from-the-page@example.com', 'from-the-page@example.com'),
        select('watchBrand', '', [
          ['', true, true],
          ['Omega', false, false],
        ]),
        box('hasBox', false),
        box('hasPapers', true, true),
        radio('contact', 'phone', true, true),
      ]),
    ).toEqual({});
  });

  it('keeps a tick taken off, and an emptied field', () => {
    expect(typedFields([box('emailMarketingConsent', false, true), text('note', '', 'Hello')])).toEqual({
      emailMarketingConsent: false,
      note: '',
    });
  });

  it('never reads passwords, files, hidden fields, buttons or nameless fields', () => {
    expect(
      typedFields([
        text('password', 'hunter2', '', 'password'),
        text('photos', 'C:\\fakepath\\watch.jpg', '', 'file'),
        text('token', 'changed', 'abc', 'hidden'),
        text('go', 'Next', 'Go', 'submit'),
        text('', 'typed', ''),
      ]),
    ).toEqual({});
  });
});

describe('withTyped', () => {
  const values = { fullName: '', email: 'preset@example.com', hasBox: false };

  it('takes typed fields the form has, each only with the kind of value it holds', () => {
    expect(
      withTyped(values, { fullName: 'Jane', hasBox: true, email: true, unknown: 'x', constructor: 'x' }),
    ).toEqual({ fullName: 'Jane', email: 'preset@example.com', hasBox: true });
  });

  it('returns a new object and leaves the current values alone', () => {
    const next = withTyped(values, { fullName: 'Jane' });
    expect(next).not.toBe(values);
    expect(values.fullName).toBe('');
  });
});
