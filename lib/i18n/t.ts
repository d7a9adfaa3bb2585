// Every sentence a person reads comes from the browser's own i18n (`public/_locales/*/messages.json`,
// chosen by the browser's UI language). `browser.i18n.getMessage` already falls back to the
// default locale (en) for a key a language lacks, key by key, in Chromium and Firefox alike; so a
// missing translation shows the English sentence, never a blank. Only the active language's
// messages are read, by the browser, before any script runs.
import { browser } from 'wxt/browser';
import type en from '../../public/_locales/en/messages.json';
import { ADDRESS_SLOTS } from './address-slots.ts';
import { numberFormat, pluralRules } from './intl-cache.ts';

export type MessageKey = keyof typeof en;

/** The base names of the plural messages: `waitSeconds` for `waitSeconds_one`, `_other`, … */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}_other` ? Base : never;
}[MessageKey];

/**
 * An address, a host, a back-half or a key of the service's JSON, isolated left to right (U+2066
 * … U+2069): inside an Arabic sentence `https://a.example/x.` would otherwise read
 * `x/a.example//:https.`, its slashes and colon taking the sentence's direction. Every language
 * gets it, so that a sentence reads the same wherever it is shown.
 */
export const leftToRight = (text: string | number): string => `\u2066${text}\u2069`;

/** Whether `$slot` (1 for `$1`) of the message holds an address (see ADDRESS_SLOTS). */
export function holdsAddress(key: MessageKey, slot: number): boolean {
  const base = /^(.+)_(zero|one|two|few|many|other)$/.exec(key)?.[1] as PluralKey | undefined;
  return (ADDRESS_SLOTS[key] ?? (base && ADDRESS_SLOTS[base]) ?? []).includes(slot);
}

/**
 * Addresses are isolated left to right in every language; in a right-to-left language every
 * other substitution is isolated too (U+2068 … U+2069), so that a Latin name or a number keeps its
 * own order and does not pull the punctuation around it; left-to-right messages get nothing more
 * (the English words stay exactly the product's words).
 */
function isolated(key: MessageKey, substitutions: (string | number)[]): string[] {
  // Most messages have nothing to fill: the direction is not asked for them (the popup's first
  // render asks for a dozen messages).
  if (substitutions.length === 0) return [];
  const rightToLeft = browser.i18n.getMessage('textDirection') === 'rtl';
  return substitutions.map((value, index) => {
    if (holdsAddress(key, index + 1)) return leftToRight(value);
    return rightToLeft ? `\u2068${value}\u2069` : String(value);
  });
}

/** The message in the person's language, its `$1`… placeholders filled in order. */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  return browser.i18n.getMessage(key, isolated(key, substitutions));
}

/** The language of the messages on screen (`de`, `pt-BR`), as their own `languageTag` says. */
export const messagesLanguage = (): string => t('languageTag') || 'en';

/**
 * A count in a sentence: the plural form its language's rules choose (Arabic has six), the number
 * written as the person's browser writes numbers. A form a language lacks reads as its `_other`.
 */
export function plural(key: PluralKey, count: number, ...more: (string | number)[]): string {
  const category = pluralRules(messagesLanguage()).select(count);
  const number = numberFormat(uiLanguage()).format(count);
  // Forms English lacks (`_few`) are keys of other languages only: unknown to the English types.
  const form = `${key}_${category}` as MessageKey;
  return (
    browser.i18n.getMessage(form, isolated(form, [number, ...more])) ||
    t(`${key}_other` as MessageKey, number, ...more)
  );
}

/** The browser's UI language (`de-AT`): numbers and dates are written its way. */
export const uiLanguage = (): string => browser.i18n.getUILanguage() || 'en';

const SLOT = /\uE000(\d)\uE001/;

/**
 * A message cut at its placeholders, so that a page can put an element in one (a name in bold,
 * a link): `messageParts('removeAccountBody')` is `['The extension forgets ', 0, ': its API…']`,
 * the numbers standing for `$1`, `$2`… in the order the language puts them.
 */
export function messageParts(key: MessageKey): (string | number)[] {
  const slots = Array.from({ length: 9 }, (_, index) => `\uE000${index}\uE001`);
  return browser.i18n
    .getMessage(key, slots)
    .split(SLOT)
    .map((part, index) => (index % 2 === 1 ? Number(part) : part))
    .filter((part) => part !== '');
}
