import type { ReactNode } from 'react';

/** What the input of a field needs to be labelled, described and marked invalid. */
export type FieldInputProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

type FormFieldProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (inputProps: FieldInputProps) => ReactNode;
};

/** A label, the input, its error and its hint, wired together for assistive technology. */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
