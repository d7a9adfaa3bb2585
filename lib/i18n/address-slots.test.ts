// Addresses inside sentences read left to right in every language: the placeholders that hold one
// go through `leftToRight` (ADDRESS_SLOTS), and the addresses a translation writes itself
// (`https://`, `http://$1`) sit in an isolate in the message.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessageFrom, readMessages } from '../../test/support/messages-in-node.ts';
import { ADDRESS_SLOTS } from './address-slots.ts';
import { type MessageKey, type PluralKey, plural, t } from './t.ts';

const LOCALES = ['en', 'de', 'fr', 'es', 'pt_BR', 'ja', 'zh_CN', 'ar'];
const LRI = '\u2066';
const PDI = '\u2069';
const english = readMessages('en');
const englishGetMessage = fakeBrowser.i18n.getMessage;

afterEach(() => {
  fakeBrowser.i18n.getMessage = englishGetMessage;
});

/** Text that reads as an address: a scheme and `//`, or a placeholder right before or after it. */
const ADDRESS = /(?:\$[1-9]|[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[A-Za-z0-9$@._~:/?#=&%+-]*/g;

/** Whether `index` in `message` lies inside a left-to-right isolate. */
function insideIsolate(message: string, index: number): boolean {
  const before = message.slice(0, index);
  return before.lastIndexOf(LRI) > before.lastIndexOf(PDI);
}

/**
 * The placeholders the English description calls an address, a host, a domain, a short link, a
 * back-half, a scheme or a field of the JSON: `{ key: [1] }`.
 */
function addressesDescribed(): Map<string, number[]> {
  const after = /\$([1-9])(?:,? (?:is |and \$[1-9] )?)([^$.;]{0,60})/g;
  const before = /\b(?:back-half|short URL|domain|address) \$([1-9])\b/g;
  const kind =
    /short (URL|link)|origin|address|host|domain|back-half|scheme|on the wire|JSON answer/i;
  const notOne = /number|how many|longest|rows whose|list of/i;
  const found = new Map<string, number[]>();
  for (const [key, { message, description = '' }] of Object.entries(english)) {
    if (!/\$[1-9]/.test(message)) continue;
    const slots = new Set<number>();
    for (const [, slot, words] of description.matchAll(after)) {
      if (kind.test(words ?? '') && !notOne.test(words ?? '')) slots.add(Number(slot));
    }
    for (const [, slot] of description.matchAll(before)) slots.add(Number(slot));
    if (slots.size > 0) found.set(key, [...slots].sort());
  }
  return found;
}

const baseOf = (key: string) => /^(.+)_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? key;

describe.each(LOCALES)('the %s messages', (locale) => {
  const messages = readMessages(locale);

  it('write every address of their own inside a left-to-right isolate', () => {
    const bare = Object.entries(messages).flatMap(([key, { message }]) =>
      [...message.matchAll(ADDRESS)]
        .filter((match) => !insideIsolate(message, match.index))
        .map((match) => `${key}: ${match[0]} in "${message}"`),
    );
    expect(bare).toEqual([]);
  });

  it('isolate what t fills into an address placeholder, in this language too', () => {
    const own = getMessageFrom(messages);
    fakeBrowser.i18n.getMessage = ((key: string, values?: string | string[]) =>
      own(key, values)) as typeof fakeBrowser.i18n.getMessage;
    const problems: string[] = [];
    for (const [key, slots] of Object.entries(ADDRESS_SLOTS)) {
      const address = (slot: number) => `https://a.example/x${slot}`;
      const isPlural = `${key}_other` in english;
      const text = isPlural
        ? plural(key as PluralKey, 2, ...[2, 3, 4].map(address))
        : t(key as MessageKey, ...[1, 2, 3].map(address));
      for (const slot of slots ?? []) {
        const written = (isPlural ? messages[`${key}_other`] : messages[key])?.message ?? '';
        if (written.includes(`$${slot}`) && !text.includes(`${LRI}${address(slot)}${PDI}`))
          problems.push(`${key} $${slot}: ${text}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('ADDRESS_SLOTS', () => {
  it('lists every placeholder the English descriptions call an address, unless the message isolates it', () => {
    // A list of domains: each is isolated where the list is made (unknownDomainsText), not the list.
    const lists = new Set(['importUnknownDomains']);
    const missing = [...addressesDescribed()].flatMap(([key, slots]) =>
      (lists.has(baseOf(key)) ? [] : slots)
        .filter((slot) => !(ADDRESS_SLOTS[baseOf(key) as MessageKey] ?? []).includes(slot))
        .filter((slot) => {
          const message = english[key]?.message ?? '';
          return !insideIsolate(message, message.indexOf(`$${slot}`));
        })
        .map((slot) => `${key} $${slot}`),
    );
    expect(missing).toEqual([]);
  });

  it('names only placeholders that exist', () => {
    const unknown = Object.entries(ADDRESS_SLOTS).flatMap(([key, slots]) =>
      (slots ?? [])
        .filter((slot) => {
          const message = (english[key] ?? english[`${key}_other`])?.message ?? '';
          return !message.includes(`$${slot}`);
        })
        .map((slot) => `${key} $${slot}`),
    );
    expect(unknown).toEqual([]);
  });
});
