import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface ValidatedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'> {
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
}

/**
 * A Bootstrap input marked invalid with its validation message underneath (product: messages.md#validation), for a
 * form that lays out its own label (a row with buttons beside the box); FormField adds the label.
 */
export function ValidatedInput({ registration, error, ...input }: ValidatedInputProps) {
  return (
    <>
      <input
        className={`form-control ${error ? 'is-invalid' : ''}`}
        aria-invalid={!!error}
        {...registration}
        {...input}
      />
      {error?.message ? <div className="invalid-feedback">{error.message}</div> : null}
    </>
  );
}

interface FormFieldProps extends ValidatedInputProps {
  label: string;
  /** The wrapper's classes (its margin): `mb-3` by default. */
  className?: string;
}

/** A labelled Bootstrap input with its validation message underneath. */
export function FormField({ label, className, id, ...input }: FormFieldProps) {
  const inputId = id ?? input.registration.name;
  return (
    <div className={className ?? 'mb-3'}>
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <ValidatedInput id={inputId} {...input} />
    </div>
  );
}
