// Intl formatters kept by language and options: making one costs about 0.1 ms, and a page writes
// counts and dates on every render (the Links list's count line at each search keystroke, its rows
// at each scroll frame). The language is part of the key, so a page in another language gets its own.

const made = new Map<string, Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat>();

function kept<T extends Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat>(
  kind: string,
  language: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}\n${language}\n${options === undefined ? '' : JSON.stringify(options)}`;
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (language: string, options?: Intl.NumberFormatOptions) =>
  kept('number', language, options, () => new Intl.NumberFormat(language, options));

export const pluralRules = (language: string) =>
  kept('plural', language, undefined, () => new Intl.PluralRules(language));

export const dateTimeFormat = (language: string, options?: Intl.DateTimeFormatOptions) =>
  kept('date', language, options, () => new Intl.DateTimeFormat(language, options));
