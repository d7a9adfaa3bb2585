// `browser.i18n` for unit tests, which the fake browser leaves unmocked: the messages of one
// locale, read from public/_locales as the browser reads them, with its `$1`… substitution.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type Messages = Record<string, { message: string; description?: string }>;

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../public/_locales');

export const readMessages = (locale: string): Messages =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'messages.json'), 'utf8'));

/** What `i18n.getMessage` answers: "" for an unknown key, `$n` replaced, `$$` a dollar sign. */
export function getMessageFrom(messages: Messages) {
  return (key: string, substitutions: string | string[] = []): string => {
    const entry = messages[key];
    if (!entry) return '';
    const values = Array.isArray(substitutions) ? substitutions : [substitutions];
    return entry.message.replace(/\$(\$|[1-9])/g, (_, which: string) =>
      which === '$' ? '$' : (values[Number(which) - 1] ?? ''),
    );
  };
}

/** A sentence without its direction isolates (U+2066…U+2069): the words a test compares. */
export const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, '');
