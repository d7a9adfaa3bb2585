// "One link per channel": the presets chosen make one link each (same page, same title), listed
// with the copy formats of "Shorten all tabs".
import { useState } from 'react';
import type { FieldErrors, ShortenFields } from '../../../components/shorten/ShortenForm.tsx';
import { ShortLink } from '../../../components/shorten/ShortLink.tsx';
import { CopyButton } from '../../../components/ui/CopyButton.tsx';
import { requestLinksForPage } from '../../../lib/account/links-upkeep.ts';
import { type ChannelResult, shortenForChannels } from '../../../lib/campaigns/campaign-links.ts';
import type { UtmPreset } from '../../../lib/campaigns/campaign-settings.ts';
import { plural, t } from '../../../lib/i18n/t.ts';
import { formatLinkList, LIST_FORMATS } from '../../../lib/links/link-list-formats.ts';
import type { AccountSettings } from '../../../lib/settings/settings.ts';
import { describeApiError } from '../../../lib/wording/error-text.ts';
import { LIST_FORMAT_BUTTONS } from '../../../lib/wording/link-list-words.ts';
import { checkFields } from '../check-fields.ts';

export function ChannelLinks({
  presets,
  fields,
  account,
  reuseExisting,
  onFieldErrors,
}: {
  presets: UtmPreset[];
  fields: ShortenFields;
  account: AccountSettings;
  reuseExisting: boolean;
  /** The form's fields at fault: said on them. */
  onFieldErrors: (errors: FieldErrors) => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<ChannelResult[]>();
  const chosen = presets.filter((preset) => picked.includes(preset.name));

  const make = async () => {
    const checked = checkFields(fields);
    if ('errors' in checked) {
      onFieldErrors(checked.errors);
      return;
    }
    setBusy(true);
    setResults(undefined);
    try {
      setResults(
        await shortenForChannels(checked.input, chosen, {
          account,
          reuseExisting,
          linksTo: (addresses) => requestLinksForPage(addresses, account.id),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  const made = results?.flatMap((result) => ('link' in result ? [result] : [])) ?? [];
  const failed = results?.flatMap((result) => ('failure' in result ? [result] : [])) ?? [];
  const count = chosen.length;
  return (
    <fieldset className="channels">
      <legend>{t('channelsLegend')}</legend>
      {presets.map((preset) => (
        <label key={preset.name} className="check">
          <input
            type="checkbox"
            checked={picked.includes(preset.name)}
            onChange={(event) =>
              setPicked((current) =>
                event.target.checked
                  ? [...current, preset.name]
                  : current.filter((name) => name !== preset.name),
              )
            }
          />{' '}
          <span dir="auto">{preset.name}</span>
        </label>
      ))}
      <button type="button" disabled={count === 0 || busy} onClick={() => void make()}>
        {busy
          ? t('shortenBusy')
          : count === 0
            ? t('channelsMakeNone')
            : plural('channelsMake', count)}
      </button>
      {made.length > 0 && (
        <>
          <div className="row copy-formats list-formats">
            {LIST_FORMATS.map((format, index) => (
              <CopyButton
                key={format}
                text={formatLinkList(
                  format,
                  made.map(({ link }) => link),
                )}
                label={t(LIST_FORMAT_BUTTONS[format])}
                className={index === 0 ? 'primary' : undefined}
              />
            ))}
          </div>
          <ul className="tab-links" aria-label={t('channelsLinks')}>
            {made.map(({ channel, link, reused }) => (
              <li key={channel}>
                <ShortLink
                  shortUrl={link.shortUrl}
                  label={{ text: channel, title: link.destinationUrl }}
                  reused={reused}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <section className="notice error tab-failures" aria-labelledby="channel-failures-heading">
          <h3 id="channel-failures-heading">{t('tabsNotShortened')}</h3>
          <ul>
            {failed.map(({ channel, failure }) => {
              const { message, advice } = describeApiError(failure);
              return (
                <li key={channel}>
                  <span className="tab-title" dir="auto">
                    {channel}
                  </span>
                  <span>
                    {message} {advice !== message && advice}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </fieldset>
  );
}
