// "UTM presets" in Preferences: the presets the popup saved, each renamed or deleted here.
import { useState } from 'react';
import { PresetNameField } from '../../../components/campaigns/PresetNameField.tsx';
import { useCampaignSettings } from '../../../components/campaigns/use-campaign-settings.ts';
import {
  deleteUtmPreset,
  renameUtmPreset,
  type UtmPreset,
} from '../../../lib/campaigns/campaign-settings.ts';
import { UTM_FIELDS } from '../../../lib/campaigns/utm.ts';
import { UTM_LABEL_KEYS } from '../../../lib/campaigns/utm-words.ts';
import { t } from '../../../lib/i18n/t.ts';

const summary = (preset: UtmPreset) =>
  UTM_FIELDS.filter((field) => preset.values[field] !== '')
    .map((field) => t('prefUtmPresetValue', t(UTM_LABEL_KEYS[field]), preset.values[field]))
    .join(' · ');

export function UtmPresetList() {
  const settings = useCampaignSettings();
  const [renaming, setRenaming] = useState<string>();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState('');

  const rename = async (from: string) => {
    try {
      await renameUtmPreset(from, name);
      setRenaming(undefined);
      setSaid(t('prefUtmPresetRenamed', from, name.trim()));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const remove = async (preset: string) => {
    await deleteUtmPreset(preset);
    setSaid(t('prefUtmPresetDeleted', preset));
  };

  const presets = settings?.utmPresets ?? [];
  return (
    <section className="utm-preset-list" aria-labelledby="utm-presets-heading">
      <h3 id="utm-presets-heading">{t('prefUtmPresets')}</h3>
      {settings && presets.length === 0 && <p className="hint">{t('prefUtmPresetsNone')}</p>}
      <ul>
        {presets.map((preset) => (
          <li key={preset.name}>
            {renaming === preset.name ? (
              <div className="row preset-rename">
                <PresetNameField
                  id="utm-preset-rename"
                  label={t('prefUtmPresetNewName', preset.name)}
                  error={problem}
                  value={name}
                  onChange={(typed) => {
                    setName(typed);
                    setProblem(undefined);
                  }}
                  onEnter={() => void rename(preset.name)}
                  onEscape={() => setRenaming(undefined)}
                />
                <button type="button" className="primary" onClick={() => void rename(preset.name)}>
                  {t('save')}
                </button>
                <button type="button" onClick={() => setRenaming(undefined)}>
                  {t('cancel')}
                </button>
              </div>
            ) : (
              <div className="row preset-item">
                <div className="preset-text">
                  <strong dir="auto">{preset.name}</strong>
                  <span className="hint" dir="auto">
                    {summary(preset) || t('prefUtmPresetNoValues')}
                  </span>
                </div>
                <button
                  type="button"
                  aria-label={t('prefUtmPresetRenameNamed', preset.name)}
                  onClick={() => {
                    setRenaming(preset.name);
                    setName(preset.name);
                    setProblem(undefined);
                  }}
                >
                  {t('prefUtmPresetRename')}
                </button>
                <button
                  type="button"
                  className="danger"
                  aria-label={t('prefUtmPresetDeleteNamed', preset.name)}
                  onClick={() => void remove(preset.name)}
                >
                  {t('prefUtmPresetDelete')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <p className="hint" role="status">
        {said}
      </p>
    </section>
  );
}
