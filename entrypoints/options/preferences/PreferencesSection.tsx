import '../sections.css';
import { useStoredUnlessEdited } from '../../../components/use-stored-unless-edited.ts';
import { type Settings, saveSettings, type Theme } from '../../../lib/account/settings.ts';
import { COPY_FORMAT_LABELS, COPY_FORMATS } from '../../../lib/links/copy-formats.ts';
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
] as const;
type Preferences = Pick<Settings, (typeof PREFERENCE_KEYS)[number]>;
type Toggle = 'autoCopy' | 'oneClick' | 'removeTracking' | 'reuseExisting';

const preferencesOf = (settings: Settings): Preferences => ({
  autoCopy: settings.autoCopy,
  theme: settings.theme,
  oneClick: settings.oneClick,
  removeTracking: settings.removeTracking,
  reuseExisting: settings.reuseExisting,
  copyAs: settings.copyAs,
});

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const TOGGLES: { key: Toggle; id: string; label: string; hint: string }[] = [
  {
    key: 'autoCopy',
    id: 'auto-copy',
    label: 'Copy the short link automatically',
    hint: 'After Shorten in the popup, the short link goes to the clipboard, ready to paste.',
  },
  {
    key: 'oneClick',
    id: 'one-click',
    label: 'Shorten on toolbar click',
    hint: 'The toolbar button shortens the page and copies the link without opening the popup. The popup stays on the shortcut and in the menu ("Open Short Link").',
  },
  {
    key: 'removeTracking',
    id: 'remove-tracking',
    label: 'Remove tracking parameters',
    hint: 'utm_source, fbclid, gclid and the like are removed from the address before it is shortened.',
  },
  {
    key: 'reuseExisting',
    id: 'reuse-existing',
    label: 'Reuse existing links',
    hint: 'A page that already has a short link gets that link from the menu and the shortcut, not another one.',
  },
];

export function PreferencesSection({ settings }: { settings: Settings }) {
  const [status, save] = useSaveStatus();
  // The click shows at once; the stored values follow through the settings watcher.
  const [form, setForm] = useStoredUnlessEdited<Preferences>(preferencesOf(settings));

  function change(changes: Partial<Preferences>) {
    setForm((current) => ({ ...current, ...changes }));
    void save(() => saveSettings(changes));
  }

  return (
    <section className="options-section" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">Preferences</h2>
      {TOGGLES.map(({ key, id, label, hint }) => (
        <div key={key} className="field checkbox-field">
          <input
            type="checkbox"
            id={id}
            checked={form[key]}
            onChange={(event) => change({ [key]: event.target.checked })}
            aria-describedby={`${id}-hint`}
          />
          <label htmlFor={id}>{label}</label>
          <p id={`${id}-hint`} className="hint">
            {hint}
          </p>
        </div>
      ))}
      <div className="field">
        <label htmlFor="copy-as">Copy as</label>
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
              {COPY_FORMAT_LABELS[format]}
            </option>
          ))}
        </select>
        <p id="copy-as-hint" className="hint">
          What "Copy", the menu and the shortcut put on the clipboard. HTML pastes as a link in mail
          and documents.
        </p>
      </div>
      <fieldset className="choices theme-choices">
        <legend>Theme</legend>
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
            <label htmlFor={`theme-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <SaveStatus status={status} />
      <UtmPresetList />
    </section>
  );
}
