import { type RefObject, useEffectEvent, useLayoutEffect, useRef } from 'react';

/*
 * What a visitor typed, chose or ticked in a prerendered form before the app took the page over
 * (decision 010). The app starts late, so a visitor on a slow connection is often already typing;
 * hydration keeps what the fields show but the form's state starts empty, and its next render would
 * write that state back over them; a page rendered afresh replaces the fields altogether. So the
 * app reads each marked form when it starts, keeps that reading current until the form's component
 * has mounted, and the component then takes it into its state.
 */

/** Marks a prerendered form whose fields are kept; its value names the form. */
export const FORM_KEY_ATTRIBUTE = 'data-form-key';

/** Field values by name: text and choices as strings, check boxes as booleans. */
export type TypedFields = Readonly<Record<string, string | boolean>>;

/** The minimum of a form control read here; a structural type so it can be tested without a DOM. */
export interface FieldControl {
  readonly name: string;
  readonly type: string;
  readonly value?: string;
  readonly defaultValue?: string;
  readonly checked?: boolean;
  readonly defaultChecked?: boolean;
  readonly options?: ArrayLike<{ readonly selected: boolean; readonly defaultSelected: boolean }>;
}

/** Controls that hold nothing a visitor types or chooses, or nothing to keep in memory. */
const SKIPPED_TYPES = new Set([
  'button',
  'submit',
  'reset',
  'image',
  'file',
  'hidden',
  'password',
  'fieldset',
  'output',
  'select-multiple',
]);

function changedByVisitor(control: FieldControl): boolean {
  if (control.type === 'checkbox' || control.type === 'radio')
    return control.checked !== control.defaultChecked;
  if (control.options)
    return Array.from(control.options).some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

/**
 * The fields a visitor changed from what the page was rendered with, by name: the rest are left to
 * the form's own starting values (which may come from the query string the page was not rendered
 * with).
 */
export function typedFields(controls: Iterable<FieldControl>): TypedFields {
  const typed: Record<string, string | boolean> = {};
  for (const control of controls) {
    if (!control.name || SKIPPED_TYPES.has(control.type) || !changedByVisitor(control)) continue;
    if (control.type === 'checkbox') typed[control.name] = control.checked === true;
    else if (control.type !== 'radio') typed[control.name] = control.value ?? '';
    else if (control.checked) typed[control.name] = control.value ?? '';
  }
  return typed;
}

/** `current` with the typed fields it has, each only where its kind (text or check box) matches. */
export function withTyped<T extends { [K in keyof T]: string | boolean }>(current: T, typed: TypedFields): T {
  const next = { ...current };
  for (const name of Object.keys(current) as (keyof T & string)[]) {
    const value = typed[name];
    if (value !== undefined && typeof value === typeof current[name])
      next[name] = value as T[keyof T & string];
  }
  return next;
}

interface Reading {
  fields: TypedFields;
  /** The field that had focus, so a form rendered afresh can give it back. */
  focused: { name: string; value: string } | null;
}

const readings = new Map<string, Reading>();

function controlsOf(form: HTMLFormElement): FieldControl[] {
  return Array.from(form.elements) as unknown as FieldControl[];
}

function focusedField(form: HTMLFormElement): Reading['focused'] {
  const active = document.activeElement;
  const control = active && form.contains(active) ? (active as unknown as FieldControl) : null;
  return control?.name ? { name: control.name, value: control.value ?? '' } : null;
}

function read(form: HTMLFormElement): void {
  const key = form.getAttribute(FORM_KEY_ATTRIBUTE);
  if (key) readings.set(key, { fields: typedFields(controlsOf(form)), focused: focusedField(form) });
}

function onFieldEvent(event: Event): void {
  const form = (event.target as Partial<{ form: HTMLFormElement | null }> | null)?.form;
  const key = form?.getAttribute(FORM_KEY_ATTRIBUTE);
  // Only forms not yet taken over: afterwards the form's component has every change itself.
  const reading = form && key ? readings.get(key) : undefined;
  if (event.type === 'focusin') {
    // Focus moved: to a field of a form not yet taken over, or elsewhere (a link, another form),
    // and then no field is given it back.
    for (const other of readings.values()) if (other !== reading) other.focused = null;
    if (form && reading) reading.focused = focusedField(form);
  } else if (form && reading) {
    // Focus is left as it was: the app replacing a page blurs its focused field, which fires
    // "change" after focus has already gone.
    reading.fields = typedFields(controlsOf(form));
  }
}

const EVENTS = ['input', 'change', 'focusin'];

/**
 * Reads every marked form of the prerendered page, and keeps reading a form on each change until
 * its component takes the reading: typing goes on while the app starts.
 */
function readPrerenderedForms(doc: Document): void {
  const forms = doc.querySelectorAll<HTMLFormElement>(`form[${FORM_KEY_ATTRIBUTE}]`);
  forms.forEach(read);
  // Capturing, so the reading is current before React handles the same event.
  if (forms.length > 0) for (const type of EVENTS) doc.addEventListener(type, onFieldEvent, true);
}

function stopReading(key: string): void {
  readings.delete(key);
  if (readings.size === 0) for (const type of EVENTS) document.removeEventListener(type, onFieldEvent, true);
}

/**
 * For the component of a prerendered form: returns the props its <form> takes, and once the form
 * is in the document (hydrated, or rendered afresh) hands `restore` what the visitor had typed, in
 * the same task, before the browser paints (so a field never shows less than it held); the form's
 * first render is the prerendered one, so hydration matches. A form rendered afresh gets focus back
 * in the field that had it, unless the visitor has since moved elsewhere.
 */
export function usePrerenderedForm(
  key: string,
  restore: (typed: TypedFields) => void,
): { ref: RefObject<HTMLFormElement | null>; [FORM_KEY_ATTRIBUTE]: string } {
  const ref = useRef<HTMLFormElement>(null);
  const onTyped = useEffectEvent(restore);
  useLayoutEffect(() => {
    const reading = readings.get(key);
    if (!reading) return;
    stopReading(key);
    if (Object.keys(reading.fields).length > 0) onTyped(reading.fields);
    const form = ref.current;
    const focused = reading.focused;
    if (!form || !focused) return;
    // Focus left with the replaced document (to its new <body> or <html>, or nowhere) unless the
    // visitor has put it somewhere since.
    const active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) return;
    const field = Array.from(form.elements).find(
      (element): element is HTMLElement =>
        element instanceof HTMLElement &&
        (element as Partial<FieldControl>).name === focused.name &&
        (element.getAttribute('type') !== 'radio' || (element as HTMLInputElement).value === focused.value),
    );
    // The value restored above is written by the render that follows, which puts the caret after it.
    field?.focus({ preventScroll: true });
  }, [key]);
  return { ref, [FORM_KEY_ATTRIBUTE]: key };
}

// Run when this module arrives with the code of a page that has such a form: the app loads the
// first page's route code before its first render (main.tsx), so the reading comes before the
// fields are hydrated or replaced, and pages without a form do not download it. No document where
// the module is only imported for its names (the prerenderer, tests).
if (globalThis.document) readPrerenderedForms(globalThis.document);
