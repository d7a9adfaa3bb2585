import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { speak } from '../../../../test/support/speak.ts';
import { chartLabel, countryName, dayName, deviceName } from './stats-view.ts';

const english = fakeBrowser.i18n.getMessage;
const englishLanguage = fakeBrowser.i18n.getUILanguage;
afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
  fakeBrowser.i18n.getUILanguage = englishLanguage;
});

describe('the statistics pane’s words', () => {
  it('are the English words', () => {
    fakeBrowser.i18n.getUILanguage = () => 'en-GB';
    expect(chartLabel(30)).toBe('Clicks per day, last 30 days');
    expect(deviceName('mobile')).toBe('Mobile');
    expect(deviceName('toaster')).toBe('Other');
    expect(dayName('2026-11-02')).toBe('2 Nov');
  });

  it('are German in German, days and countries too', () => {
    speak('de', 'de');
    expect(chartLabel(7)).toBe('Klicks pro Tag, letzte 7 Tage');
    expect(deviceName('desktop')).toBe('Desktop');
    expect(dayName('2026-11-02')).toBe('2. Nov.');
    expect(countryName('jp')).toBe('Japan');
  });

  it('choose the Arabic plural form by the count', () => {
    speak('ar', 'ar');
    expect(chartLabel(7)).toBe('النقرات اليومية، آخر \u20687\u2069 أيام');
    expect(chartLabel(30)).toBe('النقرات اليومية، آخر \u206830\u2069 يومًا');
  });
});
