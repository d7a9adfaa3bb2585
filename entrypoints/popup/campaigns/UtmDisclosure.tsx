// "UTM parameters": a disclosure under the form with the five campaign values and the destination
// they make, updated as typed. Its own chunk, loaded once the form is drawn.
import { type KeyboardEvent, useState } from 'react';
import { useCampaignSettings } from '../../../components/campaigns/use-campaign-settings.ts';
import type { FieldErrors, ShortenFields } from '../../../components/shorten/ShortenForm.tsx';
import { Disclosure } from '../../../components/ui/Disclosure.tsx';
import { FormField } from '../../../components/ui/FormField.tsx';
import { NO_UTM, UTM_FIELDS, type UtmValues, withUtm } from '../../../lib/campaigns/utm.ts';
import { UTM_LABEL_KEYS, type UtmErrors, utmProblems } from '../../../lib/campaigns/utm-words.ts';
import { t } from '../../../lib/i18n/t.ts';
import type { AccountSettings } from '../../../lib/settings/settings.ts';
import { ChannelLinks } from './ChannelLinks.tsx';
import { UtmPresets } from './UtmPresets.tsx';

export function UtmDisclosure({
  fields,
  values = NO_UTM,
  onChange,
  onSubmit,
  account,
  reuseExisting,
  onFieldErrors,
}: {
  /** The form, its destination before the UTM values. */
  fields: ShortenFields;
  /** Undefined until typed in. */
  values?: UtmValues;
  onChange: (values: UtmValues) => void;
  /** Enter in a field shortens, as in the form above. */
  onSubmit: () => void;
  account: AccountSettings;
  reuseExisting: boolean;
  onFieldErrors: (errors: FieldErrors) => void;
}) {
  const campaigns = useCampaignSettings();
  const errors: UtmErrors = utmProblems(values);
  const [open, setOpen] = useState(false);
  // A value that cannot be sent keeps its field in view.
  const shown = open || Object.keys(errors).length > 0;
  const enterShortens = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onSubmit();
  };
  const preview = withUtm(fields.destinationUrl, values);
  return (
    <Disclosure
      id="utm-fields"
      label={t('utmParameters')}
      open={shown}
      onToggle={() => setOpen(!shown)}
    >
      <UtmPresets settings={campaigns} values={values} onChoose={onChange} />
      <div className="utm-grid">
        {UTM_FIELDS.map((field) => (
          <FormField
            key={field}
            id={`utm-${field}`}
            label={t(UTM_LABEL_KEYS[field])}
            error={errors[field]}
          >
            {(inputProps) => (
              <input
                {...inputProps}
                value={values[field]}
                onChange={(event) => onChange({ ...values, [field]: event.target.value })}
                onKeyDown={enterShortens}
                dir="auto"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </FormField>
        ))}
      </div>
      <p className="hint utm-preview">
        <span id="utm-preview-label">{t('utmPreview')}</span>{' '}
        <output aria-labelledby="utm-preview-label" dir="ltr">
          {preview}
        </output>
      </p>
      {campaigns && campaigns.utmPresets.length > 0 && (
        <ChannelLinks
          presets={campaigns.utmPresets}
          fields={fields}
          account={account}
          reuseExisting={reuseExisting}
          onFieldErrors={onFieldErrors}
        />
      )}
    </Disclosure>
  );
}
