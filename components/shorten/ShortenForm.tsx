import type { FormEvent, ReactNode, Ref } from 'react';
import type { Domain } from '../../lib/api/schemas.ts';
import { t } from '../../lib/i18n/t.ts';
import { DomainSelect } from '../account/DomainSelect.tsx';
import { type FieldInputProps, FormField } from '../ui/FormField.tsx';

export type ShortenFields = {
  destinationUrl: string;
  title: string;
  backHalf: string;
  domain: string;
};
export type FieldErrors = Partial<Record<keyof ShortenFields, string>>;

export function ShortenForm({
  fields,
  errors,
  domains,
  defaultShortHost,
  busy,
  submitLabel = t('shortenSubmit'),
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
    inputProps: FieldInputProps,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <input
      {...inputProps}
      value={fields[id]}
      onChange={(event) => onChange({ [id]: event.target.value })}
      dir="auto"
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        id="destinationUrl"
        label={t('shortenDestinationUrl')}
        error={errors.destinationUrl}
      >
        {(inputProps) => (
          <>
            {input('destinationUrl', inputProps, {
              inputMode: 'url',
              autoComplete: 'off',
              spellCheck: false,
              dir: 'ltr',
            })}
            {destinationNote}
          </>
        )}
      </FormField>
      <FormField id="title" label={t('shortenTitle')} error={errors.title}>
        {(inputProps) => input('title', inputProps, { autoComplete: 'off' })}
      </FormField>
      <div className="row two">
        <FormField
          id="backHalf"
          label={t('shortenBackHalf')}
          error={errors.backHalf}
          hint={t('shortenBackHalfHint')}
        >
          {(inputProps) =>
            input('backHalf', inputProps, {
              autoComplete: 'off',
              spellCheck: false,
              placeholder: t('shortenBackHalfPlaceholder'),
              dir: 'ltr',
            })
          }
        </FormField>
        <FormField id="domain" label={t('shortenDomain')} error={errors.domain}>
          {(inputProps) => (
            <DomainSelect
              {...inputProps}
              value={fields.domain}
              domains={domains}
              defaultShortHost={defaultShortHost}
              onChange={(domain) => onChange({ domain })}
            />
          )}
        </FormField>
      </div>
      <button type="submit" className="primary wide" disabled={busy} ref={submitRef}>
        {busy ? t('shortenBusy') : submitLabel}
      </button>
    </form>
  );
}
