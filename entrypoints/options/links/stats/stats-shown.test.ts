import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { speak } from '../../../../test/support/speak.ts';
import { bucketsToCsv } from './stats-csv.ts';
import { changeSentence, chartLabel, shownBuckets, totalClicks } from './stats-shown.ts';

const english = fakeBrowser.i18n.getMessage;
const englishLanguage = fakeBrowser.i18n.getUILanguage;
const zoneBefore = process.env.TZ;
afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
  fakeBrowser.i18n.getUILanguage = englishLanguage;
  process.env.TZ = zoneBefore;
});

const bucket = (start: string, humans: number, bots: number, more = {}) => ({
  start,
  humans,
  bots,
  visitors: undefined,
  qrScans: undefined,
  ...more,
});

describe('the change against the previous period, as said', () => {
  it('says the signed percentage and the period', () => {
    fakeBrowser.i18n.getUILanguage = () => 'en-US';
    expect(changeSentence('7d', 118, 100)).toBe('+18% on the previous 7 days');
    expect(changeSentence('24h', 50, 100)).toBe('-50% on the previous 24 hours');
    expect(changeSentence('12m', 100, 100)).toBe('0% on the previous 12 months');
    expect(changeSentence('custom', 3, 2)).toBe('+50% on the previous period of the same length');
  });

  it('says nothing when the previous period had no clicks', () => {
    expect(changeSentence('30d', 12, 0)).toBeUndefined();
  });

  it('writes the percentage as French and Arabic write it', () => {
    speak('fr', 'fr');
    expect(changeSentence('7d', 118, 100)).toMatch(
      /^\+18\s%\s?par rapport aux 7 jours précédents$/,
    );
    speak('ar', 'ar');
    expect(changeSentence('90d', 118, 100)).toMatch(
      /^\u2068.*18.*\u2069 مقارنة بالأيام التسعين السابقة$/,
    );
  });
});

describe('the buckets as shown', () => {
  it('counts people only when bots are excluded', () => {
    const buckets = [bucket('2026-11-27T00:00:00Z', 3, 2), bucket('2026-11-28T00:00:00Z', 1, 1)];
    expect(totalClicks(shownBuckets(buckets, 'day', false))).toBe(7);
    const people = shownBuckets(buckets, 'day', true);
    expect(totalClicks(people)).toBe(4);
    expect(people.map((shown) => shown.bots)).toEqual([0, 0]);
  });

  it('names days by their date and hours by the local hour, shifted in a half-hour zone', () => {
    process.env.TZ = 'Asia/Kolkata';
    fakeBrowser.i18n.getUILanguage = () => 'en-GB';
    const [day] = shownBuckets([bucket('2026-11-27T00:00:00Z', 1, 0)], 'day', false);
    expect(day).toMatchObject({ period: '2026-11-27', label: '27 Nov' });
    const [hour] = shownBuckets([bucket('2026-11-27T10:00:00Z', 1, 0)], 'hour', false);
    expect(hour).toMatchObject({ period: '2026-11-27T16:00', tick: '16:00' });
    const [month] = shownBuckets([bucket('2026-11-01T00:00:00Z', 1, 0)], 'month', false);
    expect(month).toMatchObject({ period: '2026-11', label: 'Nov 2026' });
  });

  it('names the chart by the range', () => {
    expect(chartLabel('24h', 'hour', { from: '', to: '', days: 1 })).toBe(
      'Clicks per hour, last 24 hours',
    );
    expect(chartLabel('12m', 'month', { from: '', to: '', days: 365 })).toBe(
      'Clicks per month, last 12 months',
    );
    // An older service answers days for any range.
    expect(chartLabel('24h', 'day', { from: '', to: '', days: 1 })).toBe(
      'Clicks per day, last 1 day',
    );
    fakeBrowser.i18n.getUILanguage = () => 'en-GB';
    expect(chartLabel('custom', 'day', { from: '2026-11-01', to: '2026-11-10', days: 10 })).toBe(
      'Clicks per day, 1 Nov to 10 Nov',
    );
  });
});

describe('the CSV of what is shown', () => {
  it('has the buckets with the columns shown, by the export rules', () => {
    process.env.TZ = 'UTC';
    const buckets = shownBuckets(
      [bucket('2026-11-27T00:00:00Z', 3, 2, { visitors: 2, qrScans: 1 })],
      'day',
      false,
    );
    expect(bucketsToCsv(buckets, { bots: true, visitors: true, qrScans: true })).toBe(
      '\uFEFFperiod,start_utc,clicks,visitors,qr_scans,bots\r\n' +
        '"2026-11-27","2026-11-27T00:00:00Z","5","2","1","2"\r\n',
    );
    const people = shownBuckets([bucket('2026-11-27T00:00:00Z', 3, 2)], 'day', true);
    expect(bucketsToCsv(people, { bots: false, visitors: false, qrScans: false })).toBe(
      '\uFEFFperiod,start_utc,clicks\r\n"2026-11-27","2026-11-27T00:00:00Z","3"\r\n',
    );
  });
});
