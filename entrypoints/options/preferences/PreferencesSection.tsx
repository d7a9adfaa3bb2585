import '../sections.css';
import { useStoredUnlessEdited } from '../../../components/account/use-stored-unless-edited.ts';
import { type MessageKey, t } from '../../../lib/i18n/t.ts';
import { COPY_FORMATS, type CopyFormat } from '../../../lib/links/copy-formats.ts';
import { type Settings, saveSettings, type Theme } from '../../../lib/settings/settings.ts';
import { SaveStatus } from '../SaveStatus.tsx';
import { useSaveStatus } from '../use-save-status.ts';
import { UtmPresetList } from './UtmPresetList.tsx';

const PREFERENCE_KEYS = [
  'autoCopy',
  'theme',
  'oneClick',
  'removeTracking',
  'reuseExisting',
  'copyAs',
  'keepTags',
] as const;
type Preferences = Pick<Settings, (typeof PREFERENCE_KEYS)[number]>;
type Toggle = 'autoCopy' | 'oneClick' | 'removeTracking' | 'reuseExisting' | 'keepTags';

const preferencesOf = (settings: Settings): Preferences => ({
  autoCopy: settings.autoCopy,
  theme: settings.theme,
  oneClick: settings.oneClick,
  removeTracking: settings.removeTracking,
  reuseExisting: settings.reuseExisting,
  copyAs: settings.copyAs,
  keepTags: settings.keepTags,
});

const THEMES: { value: Theme; label: MessageKey }[] = [
  { value: 'system', label: 'themeSystem' },
  { value: 'light', label: 'themeLight' },
  { value: 'dark', label: 'themeDark' },
];

const COPY_FORMAT_LABELS: Record<CopyFormat, MessageKey> = {
  link: 'copyFormatLink',
  markdown: 'copyFormatMarkdown',
  html: 'copyFormatHtml',
  'title-and-link': 'copyFormatTitleAndLink',
};

const TOGGLES: { key: Toggle; id: string; label: MessageKey; hint: MessageKey }[] = [
  { key: 'autoCopy', id: 'auto-copy', label: 'prefAutoCopy', hint: 'prefAutoCopyHint' },
  { key: 'oneClick', id: 'one-click', label: 'prefOneClick', hint: 'prefOneClickHint' },
  {
    key: 'removeTracking',
    id: 'remove-tracking',
    label: 'prefRemoveTracking',
    hint: 'prefRemoveTrackingHint',
  },
  {
    key: 'reuseExisting',
    id: 'reuse-existing',
    label: 'prefReuseExisting',
    hint: 'prefReuseExistingHint',
  },
  { key: 'keepTags', id: 'keep-tags', label: 'prefKeepTags', hint: 'prefKeepTagsHint' },
];

/**
 * `tagsOffered`: whether some account's service offers tags (useTagsOffered): "Keep the last
 * tags" is shown only then, as the popup has a Tags field only then.
 */
export function PreferencesSection({
  settings,
  tagsOffered,
}: {
  settings: Settings;
  tagsOffered: boolean;
}) {
  const [status, save] = useSaveStatus();
  // The click shows at once; the stored values follow through the settings watcher.
  const [form, setForm] = useStoredUnlessEdited<Preferences>(preferencesOf(settings));

  function change(changes: Partial<Preferences>) {
    setForm((current) => ({ ...current, ...changes }));
    void save(() => saveSettings(changes));
  }

  return (
    <section className="options-section" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">{t('sectionPreferences')}</h2>
      {TOGGLES.filter(({ key }) => tagsOffered || key !== 'keepTags').map(
        ({ key, id, label, hint }) => (
          <div key={key} className="field checkbox-field">
            <input
              type="checkbox"
              id={id}
              checked={form[key]}
              onChange={(event) => change({ [key]: event.target.checked })}
              aria-describedby={`${id}-hint`}
            />
            <label htmlFor={id}>{t(label)}</label>
            <p id={`${id}-hint`} className="hint">
              {t(hint)}
            </p>
          </div>
        ),
      )}
      <div className="field">
        <label htmlFor="copy-as">{t('prefCopyAs')}</label>
        <select
          id="copy-as"
          value={form.copyAs}
          onChange={(event) => {
            const copyAs = COPY_FORMATS.find((format) => format === event.target.value);
            if (copyAs) change({ copyAs });
          }}
          aria-describedby="copy-as-hint"
        >
          {COPY_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(COPY_FORMAT_LABELS[format])}
            </option>
          ))}
        </select>
        <p id="copy-as-hint" className="hint">
          {t('prefCopyAsHint')}
        </p>
      </div>
      <fieldset className="choices theme-choices">
        <legend>{t('prefTheme')}</legend>
        {THEMES.map(({ value, label }) => (
          <div key={value} className="choice">
            <input
              type="radio"
              id={`theme-${value}`}
              name="theme"
              value={value}
              checked={form.theme === value}
              onChange={() => change({ theme: value })}
            />
            <label htmlFor={`theme-${value}`}>{t(label)}</label>
          </div>
        ))}
      </fieldset>
      <SaveStatus status={status} />
      <UtmPresetList />
    </section>
  );
}
