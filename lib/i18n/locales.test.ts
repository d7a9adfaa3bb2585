import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, type Messages, readMessages } from '../../test/support/messages-in-node.ts';

/** The languages the extension ships; each is complete. */
const SHIPPED_LOCALES = ['en', 'de', 'fr', 'es', 'pt_BR', 'ja', 'zh_CN', 'ar'];
const RTL = new Set(['ar']);

const english = readMessages('en');
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const pluralBases = new Set(
  Object.keys(english).flatMap((key) => (key.endsWith('_other') ? [PLURAL.exec(key)?.[1]] : [])),
);
const baseOf = (key: string) => PLURAL.exec(key)?.[1];
const isPlural = (key: string) => pluralBases.has(baseOf(key) ?? '');
const placeholders = (message: string) => [...new Set(message.match(/\$[1-9]/g) ?? [])].sort();

describe.each(SHIPPED_LOCALES)('the %s messages', (locale) => {
  const messages: Messages = readMessages(locale);
  const tag = locale.replace('_', '-');

  it('name their own language and its direction', () => {
    expect(messages.languageTag?.message).toBe(tag);
    expect(messages.textDirection?.message).toBe(RTL.has(locale) ? 'rtl' : 'ltr');
  });

  it('have every key of en, with the same placeholders, and no other', () => {
    const problems: string[] = [];
    for (const [key, { message }] of Object.entries(english)) {
      if (isPlural(key)) continue;
      const own = messages[key]?.message;
      if (own === undefined || own.trim() === '') problems.push(`${key} is missing`);
      else if (placeholders(own).join() !== placeholders(message).join())
        problems.push(`${key} has ${placeholders(own)} where en has ${placeholders(message)}`);
    }
    for (const key of Object.keys(messages)) {
      if (!(key in english) && !isPlural(key)) problems.push(`${key} is not a key of en`);
    }
    expect(problems).toEqual([]);
  });

  it("have each plural in exactly the forms of the language's plural rules", () => {
    const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
    const problems: string[] = [];
    for (const base of pluralBases) {
      const allowed = placeholders(english[`${base}_other`]?.message ?? '');
      const forms = Object.keys(messages).filter((key) => baseOf(key) === base);
      const expected = categories.map((category) => `${base}_${category}`).sort();
      if (forms.sort().join() !== expected.join())
        problems.push(`${base} has ${forms} where ${tag} needs ${expected}`);
      for (const form of forms) {
        const extra = placeholders(messages[form]?.message ?? '').filter(
          (p) => !allowed.includes(p),
        );
        if (extra.length) problems.push(`${form} has ${extra}, which en's ${base}_other has not`);
      }
    }
    expect(problems).toEqual([]);
  });
});

it('ships exactly the listed locales (the pseudo-locale is built, never committed)', () => {
  expect(readdirSync(LOCALES_DIR).sort()).toEqual([...SHIPPED_LOCALES].sort());
});

it('gives the German "Back-Half" one gender, the neuter of the glossary (das Back-Half)', () => {
  // A feminine or masculine article before the word, an adjective between them or not; the
  // plural (die Back-Halfs) is left alone.
  const otherGender =
    /\b(die|der|eine|einer|keine|keiner|diese|dieser|jede|jeder|ihre|ihrer)\s+(?:\p{L}+e[nr]?\s+)?Back-Half(?!s)/iu;
  const found = Object.entries(readMessages('de')).flatMap(([key, { message }]) =>
    otherGender.test(message) ? [`${key}: ${message}`] : [],
  );
  expect(found).toEqual([]);
});
