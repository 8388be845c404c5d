import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
}

/** A labelled Bootstrap input with its validation message underneath (product: messages.md#validation). */
export function FormField({ label, registration, error, id, className, ...input }: FormFieldProps) {
  const inputId = id ?? registration.name;
  return (
    <div className={className ?? 'mb-3'}>
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        aria-invalid={!!error}
        {...registration}
        {...input}
      />
      {error?.message ? <div className="invalid-feedback">{error.message}</div> : null}
    </div>
  );
}
