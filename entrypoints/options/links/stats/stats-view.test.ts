import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LinkStats } from '../../../../lib/api/schemas.ts';
import { speak } from '../../../../test/support/speak.ts';
import { chartLabel as rangeChartLabel } from './stats-shown.ts';
import { countryName, dayName, deviceName, REFERRERS_SHOWN, referrerRows } from './stats-view.ts';

const chartLabel = (days: 7 | 30) =>
  rangeChartLabel(`${days}d`, 'day', { from: '2026-11-01', to: '2026-11-30', days });

/** 30 hosts (h0 the most clicked), an IP address, direct and the service's own "other". */
const manyReferrers: LinkStats['referrers'] = [
  ...Array.from({ length: 30 }, (_, i) => ({
    host: `h${i}.example`,
    kind: 'host' as const,
    clicks: 100 - i,
  })),
  { host: null, kind: 'ip_address', clicks: 95 },
  { host: null, kind: 'direct', clicks: 50 },
  { host: null, kind: 'other', clicks: 7 },
];

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

  it('name the 10 most clicked referrers, then the others as one row, last', () => {
    const rows = referrerRows(manyReferrers);
    expect(rows).toHaveLength(REFERRERS_SHOWN + 1);
    expect(rows.slice(0, 7).map((row) => row.name)).toEqual([
      'h0.example',
      'h1.example',
      'h2.example',
      'h3.example',
      'h4.example',
      'h5.example',
      'IP address',
    ]);
    expect(rows[0]).toEqual({ name: 'h0.example', clicks: 100, address: true });
    expect(rows[6]).toEqual({ name: 'IP address', clicks: 95, address: false });
    // h9 … h29 (91 down to 71 clicks), direct (50) and the service's other (7).
    const others = Array.from({ length: 21 }, (_, i) => 91 - i).reduce((a, b) => a + b) + 50 + 7;
    expect(rows.at(-1)).toEqual({ name: 'Other sites', clicks: others, address: false });
    expect(referrerRows(manyReferrers.slice(0, 3)).map((row) => row.name)).toEqual([
      'h0.example',
      'h1.example',
      'h2.example',
    ]);
  });

  it('are German in German, days and countries too', () => {
    speak('de', 'de');
    expect(chartLabel(7)).toBe('Klicks pro Tag, letzte 7 Tage');
    expect(deviceName('desktop')).toBe('Desktop');
    expect(dayName('2026-11-02')).toBe('2. Nov.');
    expect(countryName('jp')).toBe('Japan');
    expect(referrerRows(manyReferrers).map((row) => row.name)).toEqual(
      expect.arrayContaining(['IP-Adresse', 'Andere Verweise']),
    );
  });

  it('choose the Arabic plural form by the count', () => {
    speak('ar', 'ar');
    expect(chartLabel(7)).toBe('النقرات اليومية، آخر \u20687\u2069 أيام');
    expect(chartLabel(30)).toBe('النقرات اليومية، آخر \u206830\u2069 يومًا');
    expect(referrerRows(manyReferrers).at(-1)?.name).toBe('مُحيلون آخرون');
  });
});
