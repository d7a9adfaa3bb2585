// The fields of a link's end, shared by the popup's "Link options" and the Links page's edit form:
// "Expires" with its quick choices, "Click limit", "After it expires, go to" and "Password", each
// drawn only where the account's service offers it, each with its own error.
import type { KeyboardEvent } from 'react';
import { t } from '../../lib/i18n/t.ts';
import { FormField } from '../ui/FormField.tsx';
import { type LinkOptionErrors, type LinkOptionValues, localDateTime } from './link-end-values.ts';
import { PasswordInput } from './PasswordInput.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
const QUICK_CHOICES = [
  [1, 'linkExpiresOneDay'],
  [7, 'linkExpiresSevenDays'],
  [30, 'linkExpiresThirtyDays'],
] as const;

export function LinkEndFields({
  idPrefix,
  offered,
  values,
  errors,
  onChange,
  onEnter,
  passwordHint,
  passwordPlaceholder,
}: {
  /** Makes the inputs' ids unique on the page. */
  idPrefix: string;
  /** The options the account's service offers, in the order drawn. */
  offered: readonly (keyof LinkOptionValues)[];
  values: LinkOptionValues;
  errors: LinkOptionErrors;
  onChange: (option: keyof LinkOptionValues, value: string) => void;
  /** Enter in a field, as in the form around it. */
  onEnter?: () => void;
  /** Under the password: what leaving it empty does. */
  passwordHint?: string;
  passwordPlaceholder?: string;
}) {
  const enter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !onEnter) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <>
      {offered.includes('expires') && (
        <FormField id={`${idPrefix}-expires`} label={t('linkExpires')} error={errors.expires}>
          {(inputProps) => (
            <>
              <input
                {...inputProps}
                type="datetime-local"
                value={values.expires}
                onChange={(event) => onChange('expires', event.target.value)}
                onKeyDown={enter}
              />
              <div className="row">
                {QUICK_CHOICES.map(([days, key]) => (
                  <button
                    key={key}
                    type="button"
                    onClick={() => onChange('expires', localDateTime(Date.now() + days * DAY_MS))}
                  >
                    {t(key)}
                  </button>
                ))}
              </div>
            </>
          )}
        </FormField>
      )}
      {offered.includes('maxClicks') && (
        <FormField
          id={`${idPrefix}-max-clicks`}
          label={t('linkClickLimit')}
          error={errors.maxClicks}
        >
          {(inputProps) => (
            <input
              {...inputProps}
              inputMode="numeric"
              autoComplete="off"
              value={values.maxClicks}
              onChange={(event) => onChange('maxClicks', event.target.value)}
              onKeyDown={enter}
            />
          )}
        </FormField>
      )}
      {offered.includes('expiredUrl') && (
        <FormField
          id={`${idPrefix}-expired-url`}
          label={t('linkExpiredUrl')}
          error={errors.expiredUrl}
        >
          {(inputProps) => (
            <input
              {...inputProps}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              value={values.expiredUrl}
              onChange={(event) => onChange('expiredUrl', event.target.value)}
              onKeyDown={enter}
            />
          )}
        </FormField>
      )}
      {offered.includes('password') && (
        <FormField
          id={`${idPrefix}-password`}
          label={t('linkPassword')}
          error={errors.password}
          hint={passwordHint}
        >
          {(inputProps) => (
            <PasswordInput
              inputProps={inputProps}
              value={values.password}
              onChange={(value) => onChange('password', value)}
              onKeyDown={enter}
              placeholder={passwordPlaceholder}
            />
          )}
        </FormField>
      )}
    </>
  );
}
