// The presets of "UTM parameters": a "Preset" select that fills the five values (the one used last
// first) and "Save preset", which stores them under a name.
import { useState } from 'react';
import { PresetNameField } from '../../../components/campaigns/PresetNameField.tsx';
import { FormField } from '../../../components/ui/FormField.tsx';
import {
  type CampaignSettings,
  markPresetUsed,
  presetsLastUsedFirst,
  saveUtmPreset,
} from '../../../lib/campaigns/campaign-settings.ts';
import type { UtmValues } from '../../../lib/campaigns/utm.ts';
import { t } from '../../../lib/i18n/t.ts';

export function UtmPresets({
  settings,
  values,
  onChoose,
}: {
  settings: CampaignSettings | undefined;
  values: UtmValues;
  onChoose: (values: UtmValues) => void;
}) {
  const presets = settings ? presetsLastUsedFirst(settings) : [];
  const [chosen, setChosen] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();

  const choose = (presetName: string) => {
    setChosen(presetName);
    setSaved(undefined);
    const preset = presets.find((each) => each.name === presetName);
    if (!preset) return;
    onChoose(preset.values);
    void markPresetUsed(preset.name);
  };

  const save = async () => {
    try {
      await saveUtmPreset(name, values);
      setChosen(name.trim());
      setSaved(t('utmPresetSaved', name.trim()));
      setNaming(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="utm-presets">
      <div className="row preset-row">
        <FormField id="utm-preset" label={t('utmPreset')}>
          {(inputProps) => (
            <select
              {...inputProps}
              value={chosen}
              onChange={(event) => choose(event.target.value)}
              disabled={presets.length === 0}
            >
              <option value="">
                {presets.length === 0 ? t('utmNoPresets') : t('utmChoosePreset')}
              </option>
              {presets.map((preset) => (
                <option key={preset.name} value={preset.name}>
                  {preset.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button
          type="button"
          aria-expanded={naming}
          onClick={() => {
            setNaming(!naming);
            setName(chosen);
            setProblem(undefined);
            setSaved(undefined);
          }}
        >
          {t('utmSavePreset')}
        </button>
      </div>
      {naming && (
        <div className="row preset-row">
          <PresetNameField
            id="utm-preset-name"
            label={t('utmPresetName')}
            error={problem}
            value={name}
            onChange={(typed) => {
              setName(typed);
              setProblem(undefined);
            }}
            onEnter={() => void save()}
          />
          <button type="button" className="primary" onClick={() => void save()}>
            {t('utmSave')}
          </button>
        </div>
      )}
      <p className="hint" role="status">
        {saved}
      </p>
    </div>
  );
}
