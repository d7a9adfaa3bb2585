// "Link options": a disclosure under the form with when the new link ends, each field shown only
// where the account's service offers it (its published contract names it). Its own chunk.
import { type KeyboardEvent, useState } from 'react';
import { FormField } from '../../../components/ui/FormField.tsx';
import { t } from '../../../lib/i18n/t.ts';
import {
  type LinkOptionErrors,
  type LinkOptionValues,
  localDateTime,
  OPTION_FIELDS,
} from './link-option-values.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const QUICK_CHOICES = [
  [1, 'linkExpiresOneDay'],
  [7, 'linkExpiresSevenDays'],
  [30, 'linkExpiresThirtyDays'],
] as const;

export function LinkOptions({
  offers,
  values,
  errors,
  onChange,
  onSubmit,
}: {
  /** Whether the account's service offers the wire field. */
  offers: (field: string) => boolean;
  values: LinkOptionValues;
  errors: LinkOptionErrors;
  onChange: (values: LinkOptionValues) => void;
  /** Enter in a field shortens, as in the form above. */
  onSubmit: () => void;
}) {
  const [open, setOpen] = useState(false);
  const offered = (Object.keys(OPTION_FIELDS) as (keyof LinkOptionValues)[]).filter((option) =>
    offers(OPTION_FIELDS[option]),
  );
  if (offered.length === 0) return null;
  // A value that cannot be sent keeps its field in view.
  const shown = open || offered.some((option) => errors[option] !== undefined);
  const set = (option: keyof LinkOptionValues, value: string) =>
    onChange({ ...values, [option]: value });
  const enterShortens = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className="utm">
      <button
        type="button"
        className="disclosure"
        aria-expanded={shown}
        aria-controls="link-options"
        onClick={() => setOpen(!shown)}
      >
        <span className="disclosure-marker" aria-hidden="true" />
        {t('linkOptions')}
      </button>
      {shown && (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would repeat the button's name.
        <div id="link-options" role="group" aria-label={t('linkOptions')} className="utm-fields">
          {offered.includes('expires') && (
            <FormField id="link-expires" label={t('linkExpires')} error={errors.expires}>
              {(inputProps) => (
                <>
                  <input
                    {...inputProps}
                    type="datetime-local"
                    value={values.expires}
                    onChange={(event) => set('expires', event.target.value)}
                    onKeyDown={enterShortens}
                  />
                  <div className="row">
                    {QUICK_CHOICES.map(([days, key]) => (
                      <button
                        key={key}
                        type="button"
                        onClick={() => set('expires', localDateTime(Date.now() + days * DAY_MS))}
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
            <FormField id="link-max-clicks" label={t('linkClickLimit')} error={errors.maxClicks}>
              {(inputProps) => (
                <input
                  {...inputProps}
                  inputMode="numeric"
                  autoComplete="off"
                  value={values.maxClicks}
                  onChange={(event) => set('maxClicks', event.target.value)}
                  onKeyDown={enterShortens}
                />
              )}
            </FormField>
          )}
          {offered.includes('expiredUrl') && (
            <FormField id="link-expired-url" label={t('linkExpiredUrl')} error={errors.expiredUrl}>
              {(inputProps) => (
                <input
                  {...inputProps}
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  dir="ltr"
                  value={values.expiredUrl}
                  onChange={(event) => set('expiredUrl', event.target.value)}
                  onKeyDown={enterShortens}
                />
              )}
            </FormField>
          )}
        </div>
      )}
    </section>
  );
}
