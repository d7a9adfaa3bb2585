import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessageFrom, readMessages } from '../../test/support/messages-in-node.ts';
import { formatDate, formatNumber, formatRelative } from './format.ts';
import { messageParts, plural, t } from './t.ts';

const english = fakeBrowser.i18n.getMessage;
const englishLanguage = fakeBrowser.i18n.getUILanguage;

/** The browser in `locale`: its messages, English for the keys it lacks (as the browsers do). */
function speak(locale: string, uiLanguage: string) {
  const own = getMessageFrom(readMessages(locale));
  const fallback = getMessageFrom(readMessages('en'));
  fakeBrowser.i18n.getMessage = ((key: string, values?: string | string[]) =>
    own(key, values) || fallback(key, values)) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => uiLanguage;
}

afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
  fakeBrowser.i18n.getUILanguage = englishLanguage;
});

describe('plural', () => {
  it.each([
    [1, 'Wait 1 second before you retry.'],
    [2, 'Wait 2 seconds before you retry.'],
    [1500, 'Wait 1,500 seconds before you retry.'],
  ])('chooses the English form for %i', (count, expected) => {
    expect(plural('waitSeconds', count)).toBe(expected);
  });

  it.each([
    [0, 'انتظر \u20680\u2069 ثانية قبل إعادة المحاولة.'],
    [1, 'انتظر ثانية واحدة قبل إعادة المحاولة.'],
    [2, 'انتظر ثانيتين قبل إعادة المحاولة.'],
    [5, 'انتظر \u20685\u2069 ثوانٍ قبل إعادة المحاولة.'],
  ])('chooses among the six Arabic forms for %i, the number isolated', (count, expected) => {
    speak('ar', 'ar');
    expect(plural('waitSeconds', count)).toBe(expected);
  });

  it('reads a form a language has not as its other form (Japanese has one form)', () => {
    speak('ja', 'ja');
    expect(plural('waitSeconds', 1)).toBe('1 秒待ってから再試行してください。');
  });
});

describe('formatters', () => {
  it('are made once per language, not at every count written (a search keystroke writes two)', () => {
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const rules = vi.spyOn(Intl, 'PluralRules');
    try {
      for (const count of [1, 2, 1500]) {
        plural('waitSeconds', count);
        formatNumber(count);
      }
      expect(numbers.mock.calls.length).toBeLessThanOrEqual(1);
      expect(rules.mock.calls.length).toBeLessThanOrEqual(1);
      speak('ar', 'ar');
      expect(plural('waitSeconds', 2)).toBe('انتظر ثانيتين قبل إعادة المحاولة.');
      expect(formatNumber(1500)).toBe(new Intl.NumberFormat('ar').format(1500));
      expect(formatDate(new Date(0), { timeZone: 'UTC' })).toBe(
        new Intl.DateTimeFormat('ar', { timeZone: 'UTC' }).format(0),
      );
    } finally {
      numbers.mockRestore();
      rules.mockRestore();
    }
  });
});

describe('t', () => {
  it('fills the placeholders, isolated only in a right-to-left language', () => {
    expect(t('removeAccountTitle', 'Work')).toBe('Remove Work?');
    speak('ar', 'ar');
    expect(t('removeAccountTitle', 'Work')).toBe('إزالة \u2068Work\u2069؟');
  });

  it('asks the browser for a message with nothing to fill once, not for its direction too', () => {
    const asked: string[] = [];
    fakeBrowser.i18n.getMessage = ((key: string, values?: string | string[]) => {
      asked.push(key);
      return english(key, values);
    }) as typeof fakeBrowser.i18n.getMessage;
    expect(t('shortenSubmit')).toBe('Shorten');
    expect(asked).toEqual(['shortenSubmit']);
  });

  it('cuts a message at its placeholders, where the language puts them', () => {
    expect(messageParts('removeAccountBody')).toEqual([
      'The extension forgets ',
      0,
      ': its API key and its cached links and domains. Its links stay on the service.',
    ]);
    speak('ja', 'ja');
    expect(messageParts('removeAccountBody')[0]).toBe('拡張機能は ');
  });
});

describe('numbers and dates', () => {
  it('are written the way of the UI language', () => {
    speak('de', 'de-DE');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    const now = new Date('2026-11-26T12:00:00Z');
    expect(formatRelative(new Date('2026-11-23T12:00:00Z'), now)).toBe('vor 3 Tagen');
    expect(formatRelative(new Date('2026-11-25T12:00:00Z'), now)).toBe('gestern');
  });
});
