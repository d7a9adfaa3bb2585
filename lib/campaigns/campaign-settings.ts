// The campaign settings in storage.local, under a key of their own: the UTM presets and which was
// used last. Validated when read, entry by entry: a damaged preset is dropped, never the list, and
// corrupt storage reads as none. Kept apart from the settings so that the popup's first script,
// which reads those without zod (current-settings.ts), does not grow with them.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { formatNumber } from '../i18n/format.ts';
import { t } from '../i18n/t.ts';
import {
  DEFAULT_QR_STYLE,
  ERROR_CORRECTIONS,
  HEX_COLOUR,
  LOGO_MAX_BYTES,
  MARGIN_RANGE,
  type QrStyle,
  SIZE_RANGE,
} from './qr-style.ts';
import { UTM_FIELDS, UTM_VALUE_MAX_LENGTH, type UtmValues } from './utm.ts';
import { utmValueProblem } from './utm-words.ts';

export const CAMPAIGN_SETTINGS_KEY = 'campaigns';
export const PRESET_NAME_MAX_LENGTH = 64;

const UtmValue = z.catch(z.string().check(z.maxLength(UTM_VALUE_MAX_LENGTH)), '');
const UtmValuesSchema = z.object(
  Object.fromEntries(UTM_FIELDS.map((field) => [field, UtmValue])) as Record<
    keyof UtmValues,
    typeof UtmValue
  >,
);

export const UtmPreset = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(PRESET_NAME_MAX_LENGTH)),
  values: UtmValuesSchema,
});
export type UtmPreset = z.infer<typeof UtmPreset>;

/** Each preset read on its own; a damaged one, or a second of the same name, is dropped. */
const PresetList = z.pipe(
  z.array(z.unknown()),
  z.transform((entries) => {
    const seen = new Set<string>();
    return entries.flatMap((entry) => {
      const preset = UtmPreset.safeParse(entry);
      if (!preset.success || seen.has(preset.data.name)) return [];
      seen.add(preset.data.name);
      return [preset.data];
    });
  }),
);

/** A QR style as stored: each field falls back to its default on its own. */
const StoredQrStyle = z.object({
  dark: z.catch(z.string().check(z.regex(HEX_COLOUR)), DEFAULT_QR_STYLE.dark),
  light: z.catch(z.string().check(z.regex(HEX_COLOUR)), DEFAULT_QR_STYLE.light),
  errorCorrection: z.catch(z.enum(ERROR_CORRECTIONS), DEFAULT_QR_STYLE.errorCorrection),
  margin: z.catch(
    z.int().check(z.gte(MARGIN_RANGE.min), z.lte(MARGIN_RANGE.max)),
    DEFAULT_QR_STYLE.margin,
  ),
  size: z.catch(z.int().check(z.gte(SIZE_RANGE.min), z.lte(SIZE_RANGE.max)), DEFAULT_QR_STYLE.size),
  // A data URL of at most 1 MB of image, base64 (4/3) with its prefix.
  logo: z.catch(
    z.optional(
      z
        .string()
        .check(z.startsWith('data:image/'), z.maxLength(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 100)),
    ),
    undefined,
  ),
});

export const CampaignSettings = z.object({
  utmPresets: z.catch(PresetList, []),
  /** The QR code's look, per account id. */
  qrStyles: z.catch(z.record(z.string(), z.catch(StoredQrStyle, DEFAULT_QR_STYLE)), {}),
  /** The preset chosen or saved last: offered first. */
  lastPresetName: z.catch(z.optional(z.string()), undefined),
});
export type CampaignSettings = z.infer<typeof CampaignSettings>;

export function parseCampaignSettings(stored: unknown): CampaignSettings {
  const object =
    typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  return CampaignSettings.parse(object);
}

const storage = defineExtensionStorage<{ [CAMPAIGN_SETTINGS_KEY]: unknown }>(browser.storage.local);

export async function loadCampaignSettings(): Promise<CampaignSettings> {
  return parseCampaignSettings(await storage.getItem(CAMPAIGN_SETTINGS_KEY));
}

async function saveCampaignSettings(
  change: (current: CampaignSettings) => CampaignSettings,
): Promise<CampaignSettings> {
  const next = parseCampaignSettings(change(await loadCampaignSettings()));
  await storage.setItem(CAMPAIGN_SETTINGS_KEY, next);
  return next;
}

export function watchCampaignSettings(onChange: (settings: CampaignSettings) => void): () => void {
  return storage.onChange(CAMPAIGN_SETTINGS_KEY, (stored) =>
    onChange(parseCampaignSettings(stored)),
  );
}

/** The presets with the one used last first, the others in the order they were saved. */
export function presetsLastUsedFirst(settings: CampaignSettings): UtmPreset[] {
  const last = settings.utmPresets.find((preset) => preset.name === settings.lastPresetName);
  return last
    ? [last, ...settings.utmPresets.filter((preset) => preset !== last)]
    : settings.utmPresets;
}

/** What is wrong with a preset's name, in the person's language, or undefined. `taken` names the others. */
export function presetNameProblem(name: string, taken: readonly string[] = []): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return t('utmPresetNameMissing');
  if ([...trimmed].length > PRESET_NAME_MAX_LENGTH) {
    return t('utmPresetNameTooLong', formatNumber(PRESET_NAME_MAX_LENGTH));
  }
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(trimmed)) return t('utmPresetNameControlCharacters');
  if (taken.includes(trimmed)) return t('utmPresetNameTaken', trimmed);
  return undefined;
}

/**
 * Saves the values under the name (a preset of that name is replaced) and makes it the one used
 * last. Refuses what a preset could not hold, in a sentence.
 */
export async function saveUtmPreset(name: string, values: UtmValues): Promise<CampaignSettings> {
  const problem =
    presetNameProblem(name) ??
    UTM_FIELDS.map((field) => utmValueProblem(field, values[field])).find(Boolean);
  if (problem) throw new Error(problem);
  const preset = { name: name.trim(), values };
  return saveCampaignSettings((current) => {
    const known = current.utmPresets.some((each) => each.name === preset.name);
    const utmPresets = known
      ? current.utmPresets.map((each) => (each.name === preset.name ? preset : each))
      : [...current.utmPresets, preset];
    return { ...current, utmPresets, lastPresetName: preset.name };
  });
}

export function markPresetUsed(name: string): Promise<CampaignSettings> {
  return saveCampaignSettings((current) => ({ ...current, lastPresetName: name }));
}

export async function renameUtmPreset(from: string, to: string): Promise<CampaignSettings> {
  const current = await loadCampaignSettings();
  const others = current.utmPresets.map((each) => each.name).filter((name) => name !== from);
  const problem = presetNameProblem(to, others);
  if (problem) throw new Error(problem);
  const name = to.trim();
  return saveCampaignSettings((latest) => ({
    ...latest,
    utmPresets: latest.utmPresets.map((each) => (each.name === from ? { ...each, name } : each)),
    lastPresetName: latest.lastPresetName === from ? name : latest.lastPresetName,
  }));
}

export function deleteUtmPreset(name: string): Promise<CampaignSettings> {
  return saveCampaignSettings((current) => ({
    ...current,
    utmPresets: current.utmPresets.filter((each) => each.name !== name),
    lastPresetName: current.lastPresetName === name ? undefined : current.lastPresetName,
  }));
}

export const qrStyleOf = (settings: CampaignSettings, accountId: string): QrStyle =>
  settings.qrStyles[accountId] ?? DEFAULT_QR_STYLE;

/** Remembers the QR code's look for an account. */
export function saveQrStyle(accountId: string, style: QrStyle): Promise<CampaignSettings> {
  return saveCampaignSettings((current) => ({
    ...current,
    qrStyles: { ...current.qrStyles, [accountId]: style },
  }));
}
