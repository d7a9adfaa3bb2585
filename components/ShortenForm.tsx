import type { FormEvent, ReactNode, Ref } from 'react';
import type { Domain } from '../lib/api/schemas.ts';
import { BackHalf } from '../lib/contract.ts';
import { DomainSelect } from './DomainSelect.tsx';

export type ShortenFields = {
  destinationUrl: string;
  title: string;
  backHalf: string;
  domain: string;
};
export type FieldErrors = Partial<Record<keyof ShortenFields, string>>;

/** The back-half's problem as typed, or undefined; empty is fine (one is generated). */
export function backHalfProblem(backHalf: string): string | undefined {
  if (backHalf === '') return undefined;
  return BackHalf.safeParse(backHalf).error?.issues[0]?.message;
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: string) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function ShortenForm({
  fields,
  errors,
  domains,
  defaultShortHost,
  busy,
  submitLabel = 'Shorten',
  submitRef,
  destinationNote,
  onChange,
  onSubmit,
}: {
  fields: ShortenFields;
  errors: FieldErrors;
  domains: Domain[];
  defaultShortHost?: string;
  busy: boolean;
  /** "Shorten", or "Make another link" when the page already has one. */
  submitLabel?: string;
  submitRef?: Ref<HTMLButtonElement>;
  /** Said under the destination: the tracking parameters removed from it, with a way back. */
  destinationNote?: ReactNode;
  onChange: (changes: Partial<ShortenFields>) => void;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const input = (
    id: keyof ShortenFields,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => (
    <input
      id={id}
      value={fields[id]}
      aria-invalid={errors[id] ? true : undefined}
      aria-describedby={describedBy(id, errors[id], hint)}
      onChange={(event) => onChange({ [id]: event.target.value })}
      dir="auto"
      {...extra}
    />
  );
  const backHalfHint = 'Optional. Letters, digits, "-" and "_".';

  return (
    <form onSubmit={submit} noValidate>
      <Field id="destinationUrl" label="Destination URL" error={errors.destinationUrl}>
        {input('destinationUrl', { inputMode: 'url', autoComplete: 'off', spellCheck: false })}
        {destinationNote}
      </Field>
      <Field id="title" label="Title" error={errors.title}>
        {input('title', { autoComplete: 'off' })}
      </Field>
      <div className="row two">
        <Field id="backHalf" label="Back-half" error={errors.backHalf} hint={backHalfHint}>
          {input(
            'backHalf',
            { autoComplete: 'off', spellCheck: false, placeholder: 'generated' },
            backHalfHint,
          )}
        </Field>
        <Field id="domain" label="Domain" error={errors.domain}>
          <DomainSelect
            id="domain"
            value={fields.domain}
            domains={domains}
            defaultShortHost={defaultShortHost}
            onChange={(domain) => onChange({ domain })}
          />
        </Field>
      </div>
      <button type="submit" className="primary wide" disabled={busy} ref={submitRef}>
        {busy ? 'Shortening…' : submitLabel}
      </button>
    </form>
  );
}
