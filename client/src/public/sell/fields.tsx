import type { ReactNode } from 'react';
import { errorId, fieldId, type ErrorField } from './form-state.ts';

interface FieldFrame {
  field: ErrorField;
  label: string;
  error: string | undefined;
  hint?: string;
  required?: boolean;
}

function describedBy(
  field: ErrorField,
  error: string | undefined,
  hint: string | undefined,
): string | undefined {
  const ids = [hint ? `${fieldId(field)}-hint` : null, error ? errorId(field) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Label({ field, label, required }: Pick<FieldFrame, 'field' | 'label' | 'required'>) {
  return (
    <label className="sell-label" htmlFor={fieldId(field)}>
      {label}
      {required ? (
        <span className="sell-required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : (
        <span className="sell-optional"> (optional)</span>
      )}
    </label>
  );
}

function Messages({ field, error, hint }: Pick<FieldFrame, 'field' | 'error' | 'hint'>) {
  return (
    <>
      {hint && (
        <p className="sell-hint" id={`${fieldId(field)}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="sell-error" id={errorId(field)}>
          {error}
        </p>
      )}
    </>
  );
}

export function TextField(
  props: FieldFrame & {
    value: string;
    onChange: (value: string) => void;
    type?: 'text' | 'email' | 'tel';
    autoComplete?: string;
    inputMode?: 'text' | 'numeric' | 'email' | 'tel';
    placeholder?: string;
  },
) {
  const { field, label, error, hint, required } = props;
  return (
    <div className="sell-field">
      <Label field={field} label={label} required={required} />
      <input
        id={fieldId(field)}
        name={field}
        className="sell-input"
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, error, hint)}
      />
      <Messages field={field} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField(
  props: FieldFrame & { value: string; onChange: (value: string) => void; placeholder?: string },
) {
  const { field, label, error, hint } = props;
  return (
    <div className="sell-field">
      <Label field={field} label={label} required={props.required} />
      <textarea
        id={fieldId(field)}
        name={field}
        className="sell-input sell-textarea"
        rows={5}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, error, hint)}
      />
      <Messages field={field} error={error} hint={hint} />
    </div>
  );
}

export function SelectField(
  props: FieldFrame & {
    value: string;
    onChange: (value: string) => void;
    placeholder: string;
    options: readonly string[];
  },
) {
  const { field, label, error, hint, required } = props;
  return (
    <div className="sell-field">
      <Label field={field} label={label} required={required} />
      <select
        id={fieldId(field)}
        name={field}
        className="sell-input sell-select"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, error, hint)}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <Messages field={field} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField(props: {
  field: ErrorField;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="sell-check">
      <input
        id={fieldId(props.field)}
        name={props.field}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={fieldId(props.field)}>{props.label}</label>
    </div>
  );
}
