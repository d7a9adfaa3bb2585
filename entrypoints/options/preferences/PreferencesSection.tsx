import '../sections.css';
import { useEffect, useRef, useState } from 'react';
import { type Settings, saveSettings, type Theme } from '../../../lib/account/settings.ts';
import { SaveStatus } from '../SaveStatus.tsx';
import { useSaveStatus } from '../use-save-status.ts';

type Preferences = Pick<Settings, 'autoCopy' | 'theme'>;

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function PreferencesSection({ settings }: { settings: Settings }) {
  const [status, save] = useSaveStatus();
  // The click shows at once; the stored values follow through the settings watcher.
  const [form, setForm] = useState<Preferences>({
    autoCopy: settings.autoCopy,
    theme: settings.theme,
  });
  const lastStored = useRef<Preferences>(form);
  useEffect(() => {
    const previous = lastStored.current;
    lastStored.current = { autoCopy: settings.autoCopy, theme: settings.theme };
    setForm((current) => ({
      autoCopy: previous.autoCopy !== settings.autoCopy ? settings.autoCopy : current.autoCopy,
      theme: previous.theme !== settings.theme ? settings.theme : current.theme,
    }));
  }, [settings.autoCopy, settings.theme]);

  function change(changes: Partial<Preferences>) {
    setForm((current) => ({ ...current, ...changes }));
    void save(() => saveSettings(changes));
  }

  return (
    <section className="options-section" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">Preferences</h2>
      <div className="field checkbox-field">
        <input
          type="checkbox"
          id="auto-copy"
          checked={form.autoCopy}
          onChange={(event) => change({ autoCopy: event.target.checked })}
          aria-describedby="auto-copy-hint"
        />
        <label htmlFor="auto-copy">Copy the short link automatically</label>
        <p id="auto-copy-hint" className="hint">
          After Shorten in the popup, the short link goes to the clipboard, ready to paste.
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
    </section>
  );
}
