// The pseudo-locale: every English message accented, about 40 % longer and in brackets
// ("[Šåvé ~~~]"), so that text a translation will lengthen, clip or leave untranslated shows
// before a translator sees it. `npm run build:pseudo` builds the extension with it in place of
// English (the browser then shows it in any language the extension has no messages for: start
// Chromium with --lang=en). Run alone, it prints the messages:
// `node scripts/pseudo-locale.ts > /tmp/messages.json`.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Messages = Record<string, { message: string; description?: string }>;

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçđéƒĝĥîĵķļɱñöƥǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖƤǪŔŠŢÛṼŴẊÝŽ'][index] ?? letter,
  ]),
);

/** Messages that are settings for the page, not words: left as they are. */
const NOT_WORDS = new Set(['languageTag', 'textDirection']);
/** `$1` placeholders, and addresses a person types as they are. */
const KEPT = /(\$[1-9$]|https?:\/\/\S+?(?=[\s,)]|\.\s|\.$|$))/;

/** The manifest's limits: the store refuses a longer name or description. */
const MAX_LENGTH: Record<string, number> = { extName: 75, extDescription: 132 };

export function pseudoMessage(message: string, maxLength = Number.POSITIVE_INFINITY): string {
  const accented = message
    .split(KEPT)
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/[a-z]/gi, (c) => ACCENTED[c] ?? c),
    )
    .join('');
  // Words of padding, not one long run: a line may still break between them, as in real text.
  const extra = Math.max(1, Math.round(message.length * 0.4));
  const room = Math.min(extra, maxLength - message.length - 3);
  const padding = Array.from({ length: Math.ceil(room / 5) }, () => '~~~~')
    .join(' ')
    .slice(0, Math.max(0, room - 1));
  return padding ? `[${accented} ${padding}]` : `[${accented}]`;
}

export function pseudoLocalize(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, entry]) => [
      key,
      NOT_WORDS.has(key)
        ? entry
        : { ...entry, message: pseudoMessage(entry.message, MAX_LENGTH[key]) },
    ]),
  );
}

export const ENGLISH_MESSAGES = path.resolve(
  import.meta.dirname,
  '../public/_locales/en/messages.json',
);

export const pseudoMessagesJson = (): string =>
  `${JSON.stringify(pseudoLocalize(JSON.parse(readFileSync(ENGLISH_MESSAGES, 'utf8'))), null, 2)}\n`;

if (import.meta.main) process.stdout.write(pseudoMessagesJson());
