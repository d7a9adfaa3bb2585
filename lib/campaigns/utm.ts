// The person's own campaign parameters (utm_source, utm_medium, …) added to a destination. Plain
// code, no zod: the popup loads it with the "UTM parameters" disclosure.

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmValues = Record<UtmField, string>;

export const UTM_VALUE_MAX_LENGTH = 255;

export const NO_UTM: UtmValues = { source: '', medium: '', campaign: '', term: '', content: '' };

// Control characters (C0, DEL, C1) and the line and paragraph separators, as contract/wire.ts
// refuses them in every text field.
const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** Why a value cannot be sent; lib/campaigns/utm-words.ts says it in a sentence naming the field. */
export type UtmProblem = 'tooLong' | 'controlCharacters' | 'brokenCharacter';

/** What is wrong with one value as typed, or undefined; empty is fine (the parameter is left out). */
export function utmValueProblemCode(value: string): UtmProblem | undefined {
  if ([...value.trim()].length > UTM_VALUE_MAX_LENGTH) return 'tooLong';
  if (CONTROL_CHARACTER.test(value)) return 'controlCharacters';
  // encodeURIComponent throws on half of a surrogate pair.
  if (!value.isWellFormed()) return 'brokenCharacter';
  return undefined;
}

/** Each field's problem; empty when every value can be sent. */
export function utmProblemCodes(values: UtmValues): Partial<Record<UtmField, UtmProblem>> {
  const problems: Partial<Record<UtmField, UtmProblem>> = {};
  for (const field of UTM_FIELDS) {
    const problem = utmValueProblemCode(values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

export const hasUtm = (values: UtmValues): boolean =>
  UTM_FIELDS.some((field) => values[field].trim() !== '');

/**
 * A value as the URL parser leaves it: encodeURIComponent, and `'` too, which the parser encodes
 * in the query of http(s) addresses. The address sent is then the one the service stores, so
 * "Reuse existing links" finds it again.
 */
const encodeValue = (value: string) => encodeURIComponent(value).replace(/'/g, '%27');

function decodedName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * The address with the person's UTM values, before any fragment. A parameter the address already
 * has under a name the person fills is replaced, not doubled; every other parameter keeps its
 * spelling and order. Empty values are left out; an address that is not a URL is returned as is
 * (the destination's own check says what is wrong with it).
 */
export function withUtm(address: string, values: UtmValues): string {
  const added = UTM_FIELDS.flatMap((field) => {
    const value = values[field].trim();
    return value === '' || utmValueProblemCode(value) ? [] : [[`utm_${field}`, value] as const];
  });
  if (added.length === 0 || !URL.canParse(address)) return address;
  const hashStart = address.indexOf('#');
  const beforeHash = hashStart === -1 ? address : address.slice(0, hashStart);
  const hash = hashStart === -1 ? '' : address.slice(hashStart);
  const queryStart = beforeHash.indexOf('?');
  const base = queryStart === -1 ? beforeHash : beforeHash.slice(0, queryStart);
  const query = queryStart === -1 ? '' : beforeHash.slice(queryStart + 1);
  const replaced = new Set<string>(added.map(([name]) => name));
  const kept = query.split('&').filter((pair) => pair !== '' && !replaced.has(decodedName(pair)));
  const ours = added.map(([name, value]) => `${name}=${encodeValue(value)}`);
  return `${base}?${[...kept, ...ours].join('&')}${hash}`;
}
