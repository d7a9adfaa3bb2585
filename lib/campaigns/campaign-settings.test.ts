import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { speak } from '../../test/support/speak.ts';
import {
  CAMPAIGN_SETTINGS_KEY,
  deleteUtmPreset,
  loadCampaignSettings,
  markPresetUsed,
  parseCampaignSettings,
  presetNameProblem,
  presetsLastUsedFirst,
  qrStyleOf,
  renameUtmPreset,
  saveQrStyle,
  saveUtmPreset,
} from './campaign-settings.ts';
import { DEFAULT_QR_STYLE } from './qr-style.ts';
import { NO_UTM } from './utm.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const news = { ...NO_UTM, source: 'newsletter', medium: 'email' };
const social = { ...NO_UTM, source: 'mastodon', medium: 'social' };

describe('parseCampaignSettings', () => {
  it.each([
    ['nothing stored', undefined],
    ['null', null],
    ['a string', 'presets'],
    ['an array', [1, 2]],
    ['presets not a list', { utmPresets: 'x' }],
    ['a last name not a string', { lastPresetName: 3 }],
  ])('reads %s as no presets, never throwing', (_, stored) => {
    expect(parseCampaignSettings(stored)).toEqual({ utmPresets: [], qrStyles: {} });
  });

  it('drops a damaged preset and a second of the same name, keeping the others', () => {
    const stored = {
      utmPresets: [
        { name: 'News', values: news },
        { name: '', values: news },
        { name: 'x'.repeat(65), values: news },
        'not a preset',
        { name: 'News', values: social },
        { name: 'Social', values: { ...social, term: 7, content: 'y'.repeat(256) } },
      ],
    };
    expect(parseCampaignSettings(stored).utmPresets).toEqual([
      { name: 'News', values: news },
      { name: 'Social', values: social },
    ]);
  });
});

describe('presets in storage', () => {
  it('saves, replaces by name, orders the last used first, renames and deletes', async () => {
    await saveUtmPreset('News', news);
    await saveUtmPreset(' Social ', social);
    expect(presetsLastUsedFirst(await loadCampaignSettings()).map((p) => p.name)).toEqual([
      'Social',
      'News',
    ]);
    await markPresetUsed('News');
    expect(presetsLastUsedFirst(await loadCampaignSettings()).map((p) => p.name)).toEqual([
      'News',
      'Social',
    ]);
    await saveUtmPreset('News', { ...news, campaign: 'spring' });
    expect((await loadCampaignSettings()).utmPresets).toHaveLength(2);

    await renameUtmPreset('News', 'Letter');
    const renamed = await loadCampaignSettings();
    expect(renamed.lastPresetName).toBe('Letter');
    expect(renamed.utmPresets[0]).toEqual({
      name: 'Letter',
      values: { ...news, campaign: 'spring' },
    });
    await expect(renameUtmPreset('Letter', 'Social')).rejects.toThrow(
      'A preset named "Social" already exists.',
    );

    await deleteUtmPreset('Letter');
    expect(await loadCampaignSettings()).toEqual({
      utmPresets: [{ name: 'Social', values: social }],
      qrStyles: {},
    });
  });

  it('reads corrupt storage as none and saves over it', async () => {
    await fakeBrowser.storage.local.set({ [CAMPAIGN_SETTINGS_KEY]: '{broken' });
    expect((await loadCampaignSettings()).utmPresets).toEqual([]);
    await saveUtmPreset('News', news);
    expect((await loadCampaignSettings()).utmPresets).toHaveLength(1);
  });

  it.each([
    ['', 'Give the preset a name.'],
    ['   ', 'Give the preset a name.'],
    ['x'.repeat(65), 'The name is too long: at most 64 characters.'],
    ['a\nb', 'The name must not contain line breaks or control characters.'],
  ])('refuses the name %j in a sentence', async (name, sentence) => {
    expect(presetNameProblem(name)).toBe(sentence);
    await expect(saveUtmPreset(name, news)).rejects.toThrow(sentence);
  });

  it('refuses values a link could not carry', async () => {
    await expect(saveUtmPreset('Long', { ...news, term: 'x'.repeat(256) })).rejects.toThrow(
      'Term is too long: at most 255 characters.',
    );
    expect((await loadCampaignSettings()).utmPresets).toEqual([]);
  });
});

describe('QR styles', () => {
  it('are remembered per account, each field falling back on its own', async () => {
    const brand = { ...DEFAULT_QR_STYLE, dark: '#2355d8', errorCorrection: 'Q' as const };
    await saveQrStyle('work', brand);
    const loaded = await loadCampaignSettings();
    expect(qrStyleOf(loaded, 'work')).toEqual(brand);
    expect(qrStyleOf(loaded, 'personal')).toEqual(DEFAULT_QR_STYLE);
    const damaged = parseCampaignSettings({
      qrStyles: {
        work: {
          dark: 'red',
          light: '#ffffff',
          errorCorrection: 'Z',
          margin: 99,
          size: 300,
          logo: 'javascript:x',
        },
        home: 'nonsense',
      },
    });
    expect(qrStyleOf(damaged, 'work')).toEqual({ ...DEFAULT_QR_STYLE, size: 300 });
    expect(qrStyleOf(damaged, 'home')).toEqual(DEFAULT_QR_STYLE);
  });
});

describe("a preset name's problems in the person's language", () => {
  let english = () => {};
  afterEach(() => english());

  it('are German sentences in German, the taken name quoted', async () => {
    english = speak('de', 'de-DE');
    expect(presetNameProblem(' ')).toBe('Geben Sie der Vorlage einen Namen.');
    expect(presetNameProblem('x'.repeat(65))).toBe('Der Name ist zu lang: höchstens 64 Zeichen.');
    expect(presetNameProblem('Social', ['Social'])).toBe(
      'Eine Vorlage namens „Social“ gibt es schon.',
    );
    await expect(saveUtmPreset('a\tb', NO_UTM)).rejects.toThrow(
      'Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
    );
  });

  it('isolate the Latin name inside Arabic', () => {
    english = speak('ar');
    expect(presetNameProblem('Social', ['Social'])).toBe(
      'يوجد إعداد مسبق باسم «\u2068Social\u2069» بالفعل.',
    );
  });
});
